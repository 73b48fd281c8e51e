import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemberInvitation, memberInvitationSortFields } from '../../../../../shared/contracts/invitations';
import type { InvitationStatus } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { canInviteMemberWithRole, hasPermission, isAdmin, type Membership } from '../../../../../shared/permissions';
import { MailIcon, TrashIcon } from '../../../components/ui/icons';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { MultiSortTable, useMultiSort } from '../../../components/ui/MultiSortTable';
import { PhoneCard, PhoneCardList } from '../../../components/ui/PhoneCards';
import { emailCellClassName } from '../../../components/ui/ScrollRegion';
import { cx } from '../../../lib/cx';
import { Spinner } from '../../../components/ui/Spinner';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { invitationKeys } from '../api/keys';
import { useMemberInvitations } from '../api/list-member-invitations';
import { resendAndSend } from '../api/resend-member-invitation';
import { revokeMemberInvitation } from '../api/revoke-member-invitation';
import { formatDate } from '../../../../../shared/dates';
import type { useScopedToasts } from '../lib/scoped-toasts';

type SortField = Extract<
  (typeof memberInvitationSortFields)[number],
  'email' | 'entityRoleId' | 'createdByMember' | 'createdDate' | 'expirationDate' | 'status'
>;

const columns: ReadonlyArray<{ field: SortField; label: string }> = [
  { field: 'email', label: t('invitations.column.email') },
  { field: 'entityRoleId', label: t('invitations.column.entityRoleId') },
  { field: 'createdByMember', label: t('invitations.column.createdByMember') },
  { field: 'createdDate', label: t('invitations.column.createdDate') },
  { field: 'expirationDate', label: t('invitations.column.expirationDate') },
  { field: 'status', label: t('invitations.column.status') },
];

const statusTones: Record<InvitationStatus, BadgeTone> = { pending: 'info', accepted: 'success', expired: 'warning' };

type InvitationsTableProps = {
  actor: Membership;
  toasts: ReturnType<typeof useScopedToasts>;
  progressTiming?: { stepMs?: number; successMs?: number };
  random?: () => number;
};

/**
 * The invitations table (docs/product/invitations.md#screens, #rules, docs/product/organisations-and-members.md#permissions, docs/product/errors.md#invitations-errors): all invitations without paging,
 * multi-sort, and per row Resend (InviteMember; not for an accepted one) and Cancel
 * (RevokeMemberInvitation, behind the confirm dialog).
 */
export function InvitationsTable({ actor, toasts, progressTiming, random }: InvitationsTableProps) {
  const sort = useMultiSort<SortField>();
  const isPhone = usePhoneLayout();
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<MemberInvitation | null>(null);
  const invitations = useMemberInvitations(actor.entityId, sort.orderBy);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationKeys.ofEntity(actor.entityId) });
  const canRevoke = hasPermission(actor, 'RevokeMemberInvitation');

  const resend = async (invitation: MemberInvitation) => {
    if (resendingId) return;
    setResendingId(invitation.id);
    try {
      await resendAndSend(invitation.id);
      toasts.show({
        mode: 'success',
        title: t('invite.successTitle'),
        text: isAdmin(actor) ? t('invitations.resendSuccess', { email: invitation.email }) : t('invite.successNeedsApproval', { email: invitation.email }),
      });
    } catch (error) {
      // docs/product/errors.md#invitations-errors Resend: forbidden, then not found or expired, then the system error.
      if (!isApiError(error)) toasts.showSystemError();
      else if (error.errorCode === ErrorCodes.FORBIDDEN) toasts.show({ mode: 'error', text: t('invitations.errors.resend') });
      else if (
        ([ErrorCodes.ITEM_NOT_FOUND, ErrorCodes.INVITATION_EXPIRED, ErrorCodes.INVITATION_ACCEPTED, ErrorCodes.INVALID_TOKEN] as number[]).includes(
          error.errorCode,
        )
      ) {
        toasts.show({ mode: 'error', text: t('invitations.errors.invalid') });
      } else if (error.errorCode === ErrorCodes.ITEM_FOUND) toasts.show({ mode: 'error', text: t('invitations.errors.pending') });
      else if (!globallyHandledCodes.includes(error.errorCode)) toasts.showSystemError();
    } finally {
      setResendingId(null);
      void refresh();
    }
  };

  /** A row's Resend (not for an accepted one) and Cancel: in the table's last cell, or on the phone's card. */
  const actionsOf = (invitation: MemberInvitation) => {
    const canResend = invitation.status !== 'accepted' && canInviteMemberWithRole(actor, invitation.entityRoleId);
    const isResending = resendingId === invitation.id;
    return (
      <div className="flex flex-wrap gap-1">
        {canResend && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void resend(invitation)}
            aria-disabled={resendingId !== null || undefined}
            aria-label={t('invitations.resendLabel', { email: invitation.email })}
          >
            {isResending ? <Spinner size="sm" decorative /> : <MailIcon className="size-4" />}
            {isResending ? t('invitations.resending') : t('invitations.resend')}
          </Button>
        )}
        {canRevoke && (
          <Button
            size="sm"
            variant="ghost"
            className="text-error-700 hover:bg-error-bg"
            onClick={() => setCancelling(invitation)}
            aria-label={t('invitations.cancelLabel', { email: invitation.email })}
          >
            <TrashIcon className="size-4" />
            {t('invitations.cancel')}
          </Button>
        )}
      </div>
    );
  };

  if (invitations.isPending) return <LoadingState />;
  if (invitations.isError) return <LoadErrorState title={t('invitations.loadError')} onRetry={() => void invitations.refetch()} />;

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h2 id="invitations-heading" className="font-display text-2xl font-semibold text-primary-800">
        {t('invitations.title')}
      </h2>
      {invitations.data.length === 0 ? (
        <EmptyState title={t('invitations.empty')}>{t('invitations.emptyHint')}</EmptyState>
      ) : isPhone ? (
        <PhoneCardList label={t('invitations.caption')} testId="member-invitation-cards">
          {invitations.data.map((invitation) => (
            <PhoneCard
              key={invitation.id}
              testId="invitation-row"
              title={<span className={emailCellClassName}>{invitation.email}</span>}
              badge={<Badge tone={statusTones[invitation.status]}>{t(`invitations.status.${invitation.status}`)}</Badge>}
              fields={[
                { label: t('invitations.column.entityRoleId'), value: t(`roles.${invitation.entityRoleId}`) },
                { label: t('invitations.column.createdByMember'), value: invitation.createdByMember },
                { label: t('invitations.column.createdDate'), value: <time dateTime={invitation.createdDate}>{formatDate(invitation.createdDate)}</time> },
                {
                  label: t('invitations.column.expirationDate'),
                  value: <time dateTime={invitation.expirationDate}>{formatDate(invitation.expirationDate)}</time>,
                },
              ]}
              actions={actionsOf(invitation)}
            />
          ))}
        </PhoneCardList>
      ) : (
        <MultiSortTable
          caption={t('invitations.caption')}
          columns={columns}
          sort={sort}
          defaultOrderText={t('invitations.defaultOrder')}
          actionsLabel={t('invitations.column.open')}
          minWidthClassName="min-w-[52rem]"
          isStale={invitations.isPlaceholderData}
          isBusy={invitations.isFetching}
        >
          {invitations.data.map((invitation) => {
            return (
              <tr key={invitation.id} className="border-b border-line last:border-b-0" data-testid="invitation-row">
                <th scope="row" className={cx('px-3 py-3 align-top font-semibold text-ink-900', emailCellClassName)}>
                  {invitation.email}
                </th>
                <td className="px-3 py-3 align-top">{t(`roles.${invitation.entityRoleId}`)}</td>
                <td className="px-3 py-3 align-top">{invitation.createdByMember}</td>
                <td className="px-3 py-3 align-top whitespace-nowrap">
                  <time dateTime={invitation.createdDate}>{formatDate(invitation.createdDate)}</time>
                </td>
                <td className="px-3 py-3 align-top whitespace-nowrap">
                  <time dateTime={invitation.expirationDate}>{formatDate(invitation.expirationDate)}</time>
                </td>
                <td className="px-3 py-3 align-top">
                  <Badge tone={statusTones[invitation.status]}>{t(`invitations.status.${invitation.status}`)}</Badge>
                </td>
                <td className="px-3 py-2 align-top">{actionsOf(invitation)}</td>
              </tr>
            );
          })}
        </MultiSortTable>
      )}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('invitations.cancelTitle')}
        description={
          cancelling &&
          (cancelling.status === 'accepted'
            ? t('invitations.cancelTextAccepted', { email: cancelling.email })
            : t('invitations.cancelText', { email: cancelling.email }))
        }
        confirmLabel={t('invitations.cancelConfirm')}
        onConfirm={() => revokeMemberInvitation(cancelling!.id)}
        onClose={() => setCancelling(null)}
        onSuccess={() => {
          toasts.show({ mode: 'success', text: t('invitations.revokeSuccess', { email: cancelling?.email ?? '' }) });
          void refresh();
        }}
        onError={(error) => {
          // docs/product/errors.md#invitations-errors Revoke: forbidden shows the revoke error; others the system error.
          if (isApiError(error) && error.errorCode === ErrorCodes.FORBIDDEN) toasts.show({ mode: 'error', text: t('invitations.errors.revoke') });
          else if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.showSystemError();
          void refresh();
        }}
        progressTiming={progressTiming}
        random={random}
      />
    </section>
  );
}
