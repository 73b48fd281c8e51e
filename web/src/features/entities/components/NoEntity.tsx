import { ButtonLink } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';

type NoEntityProps = {
  /** Where setup starts (create-entity), with the state that lets it link back here. */
  createHref: string;
  createState?: unknown;
  /** A family or advisor invitation this user opened and has not accepted yet: its select page and inviter. */
  pendingInvitation?: { href: string; inviterName: string } | null;
};

/**
 * The no-entity page's content (docs/product/organisations-and-members.md#screens): a user without a family or company starts
 * setup here, or goes on with the invitation they opened (docs/product/sessions-and-sign-in.md#after-login).
 */
export function NoEntity({ createHref, createState, pendingInvitation }: NoEntityProps) {
  return (
    <div className="flex flex-col items-start gap-6">
      {pendingInvitation && (
        <div
          className="flex w-full flex-col items-start gap-3 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900"
          data-testid="pending-invitation"
        >
          <p>{t('noEntity.pendingInvitation', { inviterName: pendingInvitation.inviterName })}</p>
          <ButtonLink to={pendingInvitation.href}>{t('noEntity.acceptInvitation')}</ButtonLink>
        </div>
      )}
      <p className="text-lg text-ink-700">{t('noEntity.intro')}</p>
      <ButtonLink to={createHref} state={createState} size="lg">
        {t('noEntity.startSetup')}
      </ButtonLink>
      <p className="rounded-card border border-info-700 bg-info-bg p-4 text-ink-900">{t('noEntity.invitationHint')}</p>
    </div>
  );
}
