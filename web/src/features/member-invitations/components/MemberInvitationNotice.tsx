import { Button } from '../../../components/ui/Button';
import { InfoIcon } from '../../../components/ui/icons';
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
    <div
      className="mb-6 flex flex-col gap-3 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900 sm:flex-row sm:items-center sm:justify-between"
      data-testid="invitation-banner"
    >
      <p className="flex items-start gap-2">
        <InfoIcon className="mt-1 size-5 shrink-0 text-info-700" />
        <span>{t(page === 'login' ? 'memberInvitation.loginBanner' : 'memberInvitation.signupBanner', { entityName: invitation.entityName })}</span>
      </p>
      <Button variant="ghost" size="sm" onClick={onDiscard} className="shrink-0 self-start sm:self-center">
        {t('memberInvitation.discard')}
      </Button>
    </div>
  );
}
