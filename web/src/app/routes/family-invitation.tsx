import { WorkInvitationLandingPage } from './work-invitation-landing';

/** /family-invitation?token= (spec 02 §2): an advisor company's invitation to a family. */
export function Component() {
  return <WorkInvitationLandingPage kind="family" />;
}
