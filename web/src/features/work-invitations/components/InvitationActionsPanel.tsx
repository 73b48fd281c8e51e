import { Link } from 'react-router';
import { Button, ProgressButton } from '../../../components/ui/Button';
import { InfoIcon } from '../../../components/ui/icons';
import type { ProgressStatus } from '../../../hooks/use-progress-action';
import { t, type MessageKey } from '../../../messages/en-US';
import type { InvitationRow } from '../api/list-invitations';
import type { InvitationKind } from '../lib/kinds';

type InvitationActionsPanelProps = {
  kind: InvitationKind;
  invitation: Pick<InvitationRow, 'id' | 'email' | 'status'>;
  /** canManageWorkRelations: may resend (docs/product/invitations.md#permissions). */
  canResend: boolean;
  /** canRevokeWorkRelationInvitations: may cancel. */
  canCancel: boolean;
  /** The advisors list (companies), linked from an accepted advisor invitation. */
  advisorsListHref?: string;
  onCancel: () => void;
  onResend: () => void;
  resend: { status: ProgressStatus; progress: number };
};

const questionByStatus: Record<'pending' | 'expired', MessageKey> = {
  pending: 'workInvitations.panel.pending',
  expired: 'workInvitations.panel.expired',
};

/**
 * The actions panel under an invitation row (docs/product/invitations.md#actions-panel, #rules): the text
 * depends on the status — an accepted one gets an info note (the advisor variant links
 * to the advisors list), a pending or expired one asks whether to resend. Those who may
 * see Cancel invitation and, unless accepted, Resend invitation.
 */
export function InvitationActionsPanel({ kind, invitation, canResend, canCancel, advisorsListHref, onCancel, onResend, resend }: InvitationActionsPanelProps) {
  const isAccepted = invitation.status === 'accepted';
  const showsResend = canResend && !isAccepted;
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line bg-primary-50 p-4" data-testid="invitation-actions">
      {invitation.status === 'accepted' ? (
        <p className="flex items-start gap-2 text-ink-900">
          <InfoIcon className="mt-0.5 size-5 shrink-0 text-info-700" />
          <span>
            {t(kind === 'family' ? 'workInvitations.panel.acceptedFamily' : 'workInvitations.panel.acceptedAdvisor')}
            {kind === 'advisor' && advisorsListHref && (
              <>
                {' '}
                <Link to={advisorsListHref} className="font-medium text-primary-700 underline underline-offset-4">
                  {t('workInvitations.panel.advisorsLink')}
                </Link>
              </>
            )}
          </span>
        </p>
      ) : (
        <p className="text-ink-900">{t(questionByStatus[invitation.status])}</p>
      )}
      {canCancel || showsResend ? (
        <div className="flex flex-wrap gap-3">
          {canCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {t('workInvitations.panel.cancel')}
            </Button>
          )}
          {showsResend && (
            <ProgressButton
              status={resend.status}
              progress={resend.progress}
              loadingLabel={t('workInvitations.panel.resending')}
              successLabel={t('workInvitations.panel.resent')}
              onClick={onResend}
            >
              {t('workInvitations.panel.resend')}
            </ProgressButton>
          )}
        </div>
      ) : (
        !isAccepted && <p className="text-sm text-ink-700">{t('workInvitations.panel.noRights')}</p>
      )}
    </div>
  );
}
