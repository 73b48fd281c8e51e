import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { ItemChangedDetails, type HistoryEvent } from '../../../../../shared/contracts/history';
import { ErrorCodes } from '../../../../../shared/errors';
import { formatDateTime } from '../../../../../shared/dates';
import { Button } from '../../../components/ui/Button';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { LoadingState } from '../../../components/ui/StateMessage';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { userIdAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { historyKeys } from '../api/keys';
import { listHistory } from '../api/list-history';
import { restoreVersion } from '../api/restore-version';
import { useHistoryContext } from '../hooks/use-history-context';
import { itemChangedConflictAtom } from '../hooks/use-revert';
import { describeEvent } from '../lib/events';
import { ChangeDetails } from './ChangeDetails';
import { EventTime } from './EventRow';

export type ItemHistoryProps = {
  itemId: string;
  /** The item's version as the form read it: a restore sends it (a later change is refused). */
  version: number | undefined;
  apiFamilyId: number | undefined;
  /** Whether the user may change the item now (the server decides again). */
  canRestore: boolean;
  people?: ReadonlyArray<{ id: string; name: string }>;
  /** After a restore: the form closes (it shows the version it opened with). */
  onRestored: () => void;
};

const versionsShown = 50;

/**
 * An item's own history in its form: its versions, newest first, each with what
 * changed, who and when; "Restore this version" on every earlier one makes the item look
 * as it did right after that change. Collapsed until asked for; loads only then.
 */
export function ItemHistory({ itemId, version, apiFamilyId, canRestore, people = [], onRestored }: ItemHistoryProps) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  return (
    <section className="flex flex-col gap-2 border-t border-line pt-3" aria-label={t('history.versions.title')}>
      <div>
        <Button size="sm" variant="secondary" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsOpen((open) => !open)}>
          {isOpen ? t('history.versions.hide') : t('history.versions.show')}
        </Button>
      </div>
      {isOpen && (
        <div id={listId}>
          <Versions itemId={itemId} version={version} apiFamilyId={apiFamilyId} canRestore={canRestore} people={people} onRestored={onRestored} />
        </div>
      )}
    </section>
  );
}

export function Versions({ itemId, version, apiFamilyId, canRestore, people = [], onRestored }: ItemHistoryProps) {
  const userId = useAtomValue(userIdAtom);
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const setConflict = useSetAtom(itemChangedConflictAtom);
  const { onCanvasChanged } = useHistoryContext();
  const [busyId, setBusyId] = useState<string | null>(null);
  const versions = useQuery({
    queryKey: [...historyKeys.all, 'item', apiFamilyId ?? 'own', itemId] as const,
    queryFn: () => listHistory({ familyId: apiFamilyId, itemId, limit: versionsShown }),
  });

  const restore = async (event: HistoryEvent) => {
    if (version === undefined || busyId) return;
    setBusyId(event.id);
    try {
      await restoreVersion(event, version, apiFamilyId);
      toasts.show({ mode: 'success', text: t('history.versions.restored') });
      onRestored();
    } catch (error) {
      if (isApiError(error) && error.errorCode === ErrorCodes.ITEM_CHANGED) {
        const details = ItemChangedDetails.safeParse(error.details);
        setConflict({ event, details: details.success ? details.data : null });
      } else if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) {
        toasts.show({ mode: 'error', text: t('history.versions.restoreFailed') });
      }
    } finally {
      setBusyId(null);
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      onCanvasChanged();
    }
  };

  if (versions.isPending) return <LoadingState text={t('history.versions.loading')} />;
  if (versions.isError) return <LoadErrorState title={t('history.versions.loadError')} onRetry={() => void versions.refetch()} />;
  const events = versions.data.results;
  if (events.length === 0) return <p className="text-sm text-ink-700">{t('history.versions.empty')}</p>;
  return (
    <ol aria-label={t('history.versions.title')} className="flex flex-col" data-testid="item-versions">
      {events.map((event, index) => (
        <li key={event.id} className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0" data-testid="item-version">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <span className="min-w-0 flex-1">
              <span className="block break-words text-ink-900">{describeEvent(event, userId)}</span>
              <EventTime iso={event.createdDate} />
            </span>
            {index === 0 ? (
              <span className="rounded-control bg-primary-50 px-2 py-1 text-sm font-medium text-primary-800">{t('history.versions.current')}</span>
            ) : (
              canRestore &&
              event.after !== null &&
              version !== undefined && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busyId !== null}
                  aria-label={t('history.versions.restoreNamed', { date: formatDateTime(event.createdDate) })}
                  onClick={() => void restore(event)}
                >
                  {t('history.versions.restore')}
                </Button>
              )
            )}
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-primary-700">{t('history.changes.show')}</summary>
            <div className="mt-2">
              <ChangeDetails event={event} userId={userId} people={people} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
