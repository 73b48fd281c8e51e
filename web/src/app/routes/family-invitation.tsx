import { WorkInvitationLandingPage } from './work-invitation-landing';

/** /family-invitation?token= (docs/product/invitations.md#screens): an advisor company's invitation to a family. */
export function Component() {
  return <WorkInvitationLandingPage kind="family" />;
}
