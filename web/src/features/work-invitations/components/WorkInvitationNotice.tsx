import { InvitationBanner } from '../../../components/ui/InvitationBanner';
import { t } from '../../../messages/en-US';
import type { PendingWorkInvitation } from '../../../stores/work-invitation';

/**
 * The invitation text of the login-or-signup page (docs/product/invitations.md#screens): "<Company> invites you
 * to work together on Family Canvas", with the address to use and, for an advisor
 * invitation limited to some sections, which ones.
 */
export function WorkInvitationStartText({ invitation }: { invitation: PendingWorkInvitation }) {
  return (
    <div className="mb-3 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900" data-testid="invitation-text">
      <p className="font-semibold">{t(`workInvitation.start.${invitation.kind}`, { entityName: invitation.entityName })}</p>
      {invitation.kind === 'advisorInvitation' && invitation.canvasSections.length > 0 && (
        <p className="mt-1">{t('workInvitation.start.sections', { sections: invitation.canvasSections.join(', ') })}</p>
      )}
      <p className="mt-1 text-base">{t('workInvitation.start.next', { email: invitation.email })}</p>
    </div>
  );
}

/**
 * The banner of the login and signup pages while an invitation is on its way (
 * docs/product/invitations.md#screens, #validation): which address to use, and a way to go on without the invitation.
 */
export function WorkInvitationBanner({ invitation, page, onDiscard }: { invitation: PendingWorkInvitation; page: 'login' | 'signup'; onDiscard: () => void }) {
  return (
    <InvitationBanner discardLabel={t('workInvitation.banner.discard')} onDiscard={onDiscard}>
      {t(page === 'login' ? 'workInvitation.banner.login' : 'workInvitation.banner.signup', { email: invitation.email, entityName: invitation.entityName })}
    </InvitationBanner>
  );
}
