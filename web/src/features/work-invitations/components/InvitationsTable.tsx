import { Fragment, useState } from 'react';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { useIsTouchScreen } from '../../../hooks/use-touch';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { OpenIcon } from '../../../components/ui/icons';
import { PhoneCard, PhoneCardList } from '../../../components/ui/PhoneCards';
import { emailCellClassName, ScrollRegion } from '../../../components/ui/ScrollRegion';
import { nextSort, SortableHeader, SortToolbar, toOrderBy, withoutSort, type SortKeys } from '../../../components/ui/SortableTable';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { cx } from '../../../lib/cx';
import { t, type MessageKey } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useInvitations, useRefreshInvitations, type InvitationRow } from '../api/list-invitations';
import { resendInvitation } from '../api/resend-invitation';
import { revokeInvitation } from '../api/revoke-invitation';
import { sendInvitationEmail } from '../api/send-invitation-email';
import { formatDate } from '../../../../../shared/dates';
import { resendFailure, revokeFailure, type Outcome } from '../lib/errors';
import type { InvitationKind } from '../lib/kinds';
import { canvasRightsText } from '../lib/sections';
import { InvitationActionsPanel } from './InvitationActionsPanel';

type SortField = 'email' | 'canvasSections' | 'createdByMember' | 'createdDate' | 'expirationDate' | 'status';

const columnLabels: Record<SortField, MessageKey> = {
  email: 'workInvitations.column.email',
  canvasSections: 'workInvitations.column.canvasSections',
  createdByMember: 'workInvitations.column.createdByMember',
  createdDate: 'workInvitations.column.createdDate',
  expirationDate: 'workInvitations.column.expirationDate',
  status: 'workInvitations.column.status',
};

const statusTones: Record<InvitationRow['status'], BadgeTone> = { pending: 'warning', accepted: 'success', expired: 'grey' };

type InvitationsTableProps = {
  kind: InvitationKind;
  /** The inviting entity (current): named in the resend toast. */
  entityName: string;
  canResend: boolean;
  canCancel: boolean;
  advisorsListHref?: string;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The invitations of the current entity (docs/product/invitations.md#invitation-lists, docs/product/limits.md#invitations-limits): the whole list, no
 * paging, sorted by the server with a multi-sort (orderBy). A click selects a row; a
 * double click or the row's open button expands its actions panel.
 */
export function InvitationsTable({ kind, entityName, canResend, canCancel, advisorsListHref, progressTiming }: InvitationsTableProps) {
  const isTouch = useIsTouchScreen();
  const isPhone = usePhoneLayout();
  const [sortKeys, setSortKeys] = useState<SortKeys<SortField>>([]);
  const [isAdditiveMode, setIsAdditiveMode] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<InvitationRow | null>(null);
  const list = useInvitations(kind, toOrderBy(sortKeys));
  const refresh = useRefreshInvitations(kind);
  const resend = useProgressAction(progressTiming);
  const toasts = useToasts();

  const fields: SortField[] =
    kind === 'advisor'
      ? ['email', 'canvasSections', 'createdByMember', 'createdDate', 'expirationDate', 'status']
      : ['email', 'createdByMember', 'createdDate', 'expirationDate', 'status'];
  const labels = Object.fromEntries(fields.map((field) => [field, t(columnLabels[field])])) as Record<SortField, string>;

  const showFailure = (outcome: Outcome) => {
    if (outcome === 'global') return;
    if (outcome === 'system') toasts.showSystemError();
    else toasts.show({ mode: 'error', title: t(outcome.title), text: t(outcome.text) });
  };

  const toggle = (id: string) => {
    setSelectedId(id);
    setExpandedId((current) => (current === id ? null : id));
  };

  const onResend = async (row: InvitationRow) => {
    if (resend.isBusy) return;
    try {
      await resend.run(async () => {
        const { id } = await resendInvitation(kind, row.id);
        await sendInvitationEmail(kind, id);
      });
    } catch (error) {
      void refresh();
      showFailure(resendFailure(error));
      return;
    }
    void refresh();
    toasts.show({
      mode: 'success',
      title: t('workInvitations.resendSuccess.title'),
      text: t('workInvitations.resendSuccess', { email: row.email, entityName }),
    });
  };

  /** An invitation's status and actions: under its card on a phone, in its expanded row on a wider screen. */
  const actionsPanelOf = (row: InvitationRow) => (
    <InvitationActionsPanel
      kind={kind}
      invitation={row}
      canResend={canResend}
      canCancel={canCancel}
      advisorsListHref={advisorsListHref}
      onCancel={() => setCancelling(row)}
      onResend={() => void onResend(row)}
      resend={resend}
    />
  );

  if (list.isPending) return <LoadingState />;
  if (list.isError) {
    console.error('The invitations could not be loaded', list.error);
    return <LoadErrorState title={t('workInvitations.list.loadError')} onRetry={() => void list.refetch()} />;
  }

  const rows = list.data;
  const columnCount = fields.length + 1;
  return (
    <div className="flex flex-col gap-3">
      {rows.length === 0 && sortKeys.length === 0 ? (
        <EmptyState title={t('workInvitations.list.empty')}>{t('workInvitations.list.emptyHint')}</EmptyState>
      ) : isPhone ? (
        // A phone: one card per invitation, its actions shown on it (docs/product/shell.md "Tables on phones").
        <PhoneCardList
          label={t(kind === 'family' ? 'workInvitations.list.familyCaption' : 'workInvitations.list.advisorCaption')}
          testId={`${kind}-invitations`}
        >
          {rows.map((row) => (
            <PhoneCard
              key={row.id}
              testId="invitation-card"
              title={<span className={emailCellClassName}>{row.email}</span>}
              badge={<Badge tone={statusTones[row.status]}>{t(`workInvitations.status.${row.status}`)}</Badge>}
              fields={[
                kind === 'advisor' && { label: labels.canvasSections, value: canvasRightsText(row.canvasSections, t('workInvitations.allSections')) },
                { label: labels.createdByMember, value: row.createdByMember || '-' },
                { label: labels.createdDate, value: formatDate(row.createdDate) },
                { label: labels.expirationDate, value: formatDate(row.expirationDate) },
              ]}
            >
              <div className="mt-3">{actionsPanelOf(row)}</div>
            </PhoneCard>
          ))}
        </PhoneCardList>
      ) : (
        <>
          <SortToolbar
            keys={sortKeys}
            labels={labels}
            onRemove={(field) => setSortKeys((keys) => withoutSort(keys, field))}
            onClear={() => setSortKeys([])}
            isAdditiveMode={isAdditiveMode}
            onAdditiveModeChange={setIsAdditiveMode}
            defaultOrderText={t('workInvitations.list.defaultOrder')}
          />
          <p className="text-sm text-ink-600">{t(isTouch ? 'workInvitations.list.rowHintTouch' : 'workInvitations.list.rowHint')}</p>
          <ScrollRegion label={t(kind === 'family' ? 'workInvitations.list.familyCaption' : 'workInvitations.list.advisorCaption')}>
            <table className="w-full min-w-[44rem] border-collapse text-left" data-testid={`${kind}-invitations`}>
              <caption className="sr-only">{t(kind === 'family' ? 'workInvitations.list.familyCaption' : 'workInvitations.list.advisorCaption')}</caption>
              <thead className="border-b border-line bg-canvas text-sm">
                <tr>
                  {fields.map((field) => (
                    <SortableHeader
                      key={field}
                      field={field}
                      label={labels[field]}
                      keys={sortKeys}
                      isAdditiveMode={isAdditiveMode}
                      onSort={(name, isAdditive) => setSortKeys((keys) => nextSort(keys, name, isAdditive))}
                    />
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-semibold text-ink-800">
                    <span className="sr-only">{t('workInvitations.column.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const isExpanded = expandedId === row.id;
                  const panelId = `invitation-panel-${row.id}`;
                  return (
                    <Fragment key={row.id}>
                      <tr
                        onClick={() => setSelectedId(row.id)}
                        onDoubleClick={() => toggle(row.id)}
                        data-selected={selectedId === row.id || undefined}
                        className={cx(
                          'cursor-pointer border-b border-line last:border-b-0 hover:bg-primary-50',
                          selectedId === row.id && 'bg-primary-50 outline-2 -outline-offset-2 outline-primary-500',
                        )}
                      >
                        <td className={cx('px-3 py-2 text-ink-900', emailCellClassName)}>{row.email}</td>
                        {kind === 'advisor' && (
                          <td className="px-3 py-2 text-ink-800">{canvasRightsText(row.canvasSections, t('workInvitations.allSections'))}</td>
                        )}
                        <td className="px-3 py-2 text-ink-800">{row.createdByMember || '-'}</td>
                        <td className="px-3 py-2 whitespace-nowrap text-ink-800">{formatDate(row.createdDate)}</td>
                        <td className="px-3 py-2 whitespace-nowrap text-ink-800">{formatDate(row.expirationDate)}</td>
                        <td className="px-3 py-2">
                          <Badge tone={statusTones[row.status]}>{t(`workInvitations.status.${row.status}`)}</Badge>
                        </td>
                        <td className="px-3 py-1 text-right">
                          <button
                            type="button"
                            aria-label={t('workInvitations.open', { email: row.email })}
                            aria-expanded={isExpanded}
                            aria-controls={isExpanded ? panelId : undefined}
                            onClick={(event) => {
                              event.stopPropagation();
                              toggle(row.id);
                            }}
                            onDoubleClick={(event) => event.stopPropagation()}
                            className="inline-flex size-11 items-center justify-center rounded-control text-primary-700 hover:bg-primary-100"
                          >
                            <OpenIcon />
                          </button>
                        </td>
                      </tr>
                      {isExpanded && (
                        <tr className="border-b border-line last:border-b-0">
                          <td id={panelId} colSpan={columnCount} className="px-3 py-3">
                            {actionsPanelOf(row)}
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('workInvitations.cancel.title')}
        description={
          cancelling
            ? t(cancelling.status === 'accepted' ? 'workInvitations.cancel.textAccepted' : 'workInvitations.cancel.text', { email: cancelling.email })
            : undefined
        }
        confirmLabel={t('workInvitations.cancel.confirm')}
        onConfirm={() => revokeInvitation(kind, cancelling!.id)}
        onSuccess={() => {
          const email = cancelling?.email ?? '';
          setExpandedId(null);
          void refresh();
          toasts.show({ mode: 'success', title: t('workInvitations.revokeSuccess.title'), text: t('workInvitations.revokeSuccess', { email }) });
        }}
        onError={(error) => showFailure(revokeFailure(error))}
        onClose={() => setCancelling(null)}
        progressTiming={progressTiming}
      />
    </div>
  );
}
