import { WorkInvitationsPage } from './work-invitations-page';

/** The invite family page (spec 02 §2 familyInvitationsPage, /invite-family): an advisor company invites families. */
export function Component() {
  return <WorkInvitationsPage kind="family" />;
}
