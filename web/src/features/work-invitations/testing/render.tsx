import { renderWithApp } from '../../../testing/render';
import { InvitationsTable } from '../components/InvitationsTable';

/** The Okafor Family's advisor invitations, which the user may resend and cancel. */
export function renderAdvisorInvitations() {
  return renderWithApp(
    <InvitationsTable
      kind="advisor"
      entityName="Okafor Family"
      canResend
      canCancel
      advisorsListHref="/companies"
      progressTiming={{ stepMs: 1, successMs: 1 }}
    />,
  );
}
