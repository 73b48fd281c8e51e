import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { InfoIcon } from '../../../components/ui/icons';
import { t } from '../../../messages/en-US';
import { userIdAtom } from '../../../stores/session';
import { useHistoryPage } from '../api/list-history';
import { formatDate } from '../../../../../shared/dates';
import { actorName } from '../lib/events';
import { useRevert } from '../hooks/use-revert';
import type { CanvasHistoryScope } from '../lib/types';

/** The journal keeps a reset's deletes at least this long, so it can be undone. */
const undoableDays = 90;

/**
 * "Undo reset" for owners and admins: shown while the canvas's latest reset is at most
 * 90 days old and items it deleted are still in "Recently deleted" (not restored yet).
 */
export function UndoResetNotice({ scope }: { scope: CanvasHistoryScope }) {
  const userId = useAtomValue(userIdAtom);
  const isShown = scope.canRevertOthers;
  const latestReset = useHistoryPage(scope.apiFamilyId, { action: 'reset' }, 1, isShown);
  const deleted = useHistoryPage(scope.apiFamilyId, { action: 'deleted' }, 100, isShown);
  const revert = useRevert();
  const [isBusy, setIsBusy] = useState(false);
  const reset = latestReset.data?.results[0];
  if (!isShown || !reset) return null;
  const isRecent = Date.now() - Date.parse(reset.createdDate) < undoableDays * 24 * 3600 * 1000;
  const hasItemsToBringBack = deleted.data?.results.some((event) => event.batchId === reset.batchId) ?? false;
  if (!isRecent || !hasItemsToBringBack) return null;

  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 rounded-card border border-info-700 bg-info-bg p-4" data-testid="undo-reset">
      <InfoIcon className="size-5 shrink-0 text-info-700" />
      <p className="min-w-0 flex-1 text-ink-900">{t('history.undoReset.text', { name: actorName(reset, userId), date: formatDate(reset.createdDate) })}</p>
      <Button
        variant="secondary"
        size="sm"
        disabled={isBusy}
        onClick={() => {
          setIsBusy(true);
          void revert(reset, scope.apiFamilyId, t('history.undoReset.done')).finally(() => setIsBusy(false));
        }}
      >
        {t('history.undoReset.button')}
      </Button>
    </div>
  );
}
