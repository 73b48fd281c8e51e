import { WorkInvitationLandingPage } from './work-invitation-landing';

/** /advisor-invitation?token= (spec 02 §2): a family's invitation to an advisor company. */
export function Component() {
  return <WorkInvitationLandingPage kind="advisor" />;
}
