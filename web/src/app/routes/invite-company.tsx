import { useParams } from 'react-router';
import { parseSectionIds } from '../paths';
import { WorkInvitationsPage } from './work-invitations-page';

/**
 * The invite advisor page (docs/product/invitations.md#invitation-pages, /invite-company/{sectionIds?}):
 * a family invites advisor companies; the route's comma-separated section ids preselect
 * the sections to share.
 */
export function Component() {
  const { sectionIds } = useParams();
  return <WorkInvitationsPage kind="advisor" initialSectionIds={sectionIds ? (parseSectionIds(sectionIds) ?? undefined) : undefined} />;
}
