import { InvitationBanner } from '../../../components/ui/InvitationBanner';
import { t } from '../../../messages/en-US';
import type { PendingMemberInvitation } from '../../../stores/invitation';

/** The invitation text of the login-or-signup page (docs/product/invitations.md#screens): who invites, and with which address to go on. */
export function MemberInvitationStartText({ invitation }: { invitation: PendingMemberInvitation }) {
  return (
    <p className="mb-3 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900" data-testid="invitation-text">
      {t('memberInvitation.start', { entityName: invitation.entityName, email: invitation.email })}
    </p>
  );
}

/**
 * The banner of the login and signup pages while a member invitation is on its way (
 * docs/product/invitations.md#screens, #validation): the entity to join, and a way to go on without the invitation.
 */
export function MemberInvitationBanner({
  invitation,
  page,
  onDiscard,
}: {
  invitation: PendingMemberInvitation;
  page: 'login' | 'signup';
  onDiscard: () => void;
}) {
  return (
    <InvitationBanner discardLabel={t('memberInvitation.discard')} onDiscard={onDiscard}>
      {t(page === 'login' ? 'memberInvitation.loginBanner' : 'memberInvitation.signupBanner', { entityName: invitation.entityName })}
    </InvitationBanner>
  );
}
