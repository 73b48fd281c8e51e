import { WorkInvitationLandingPage } from './work-invitation-landing';

/** /advisor-invitation?token= (docs/product/invitations.md#screens): a family's invitation to an advisor company. */
export function Component() {
  return <WorkInvitationLandingPage kind="advisor" />;
}
