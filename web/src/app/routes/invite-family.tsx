import { WorkInvitationsPage } from './work-invitations-page';

/** The invite family page (docs/product/invitations.md#invitation-pages, /invite-family): an advisor company invites families. */
export function Component() {
  return <WorkInvitationsPage kind="family" />;
}
