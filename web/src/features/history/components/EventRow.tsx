import { useId, useState, type ReactNode } from 'react';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import { formatDateTime } from '../../../../../shared/dates';
import { formatRelative } from '../lib/dates';
import { describeChange, describeEvent, isContentEvent } from '../lib/events';
import { Avatar } from './Avatar';
import { ChangeDetails } from './ChangeDetails';

export function EventTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="text-sm text-ink-600">
      {formatRelative(iso)} · {formatDateTime(iso)}
    </time>
  );
}

type EventRowProps = {
  event: HistoryEvent;
  userId: string | null;
  /** The delete event when the item is gone now (not restored since). */
  deletedBy: HistoryEvent | null;
  canRestore: (deleted: HistoryEvent) => boolean;
  onOpen: (event: HistoryEvent) => void;
  onRestore: (deleted: HistoryEvent) => void;
  /** One's own recent change that can still be undone: a visible Undo on the row. */
  onUndo?: (event: HistoryEvent) => void;
  /** The canvas's people, for the assignee in the before/after view. */
  people?: ReadonlyArray<{ id: string; name: string }>;
};

/**
 * One change in the feed: who (avatar and name), what, when (relative and day.month.year).
 * The row opens the before/after view of the change, with a way to the item;
 * for an item deleted since, it says so and offers Restore. One's own latest changes carry
 * a visible Undo.
 */
export function EventRow({ event, userId, deletedBy, canRestore, onOpen, onRestore, onUndo, people = [] }: EventRowProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  const detailsId = useId();
  const text = describeEvent(event, userId);
  const hasDetails = isContentEvent(event) || (event.changes?.length ?? 0) > 0;
  const isOpenable = isContentEvent(event) && event.categoryId !== null && !deletedBy;
  const body: ReactNode = (
    <>
      <Avatar event={event} />
      <span className="min-w-0 flex-1">
        <span className="block break-words text-ink-900">{text}</span>
        <EventTime iso={event.createdDate} />
      </span>
    </>
  );
  return (
    <li className="border-b border-line last:border-b-0" data-testid="history-event">
      <div className="flex items-start gap-2">
        {hasDetails ? (
          <button
            type="button"
            className="flex min-w-0 flex-1 items-start gap-3 rounded-control px-2 py-3 text-left hover:bg-primary-50"
            aria-expanded={isExpanded}
            aria-controls={detailsId}
            onClick={() => setIsExpanded((shown) => !shown)}
          >
            {body}
          </button>
        ) : (
          <div className="flex min-w-0 flex-1 items-start gap-3 px-2 py-3">{body}</div>
        )}
        {onUndo && (
          <Button
            size="sm"
            variant="secondary"
            className="mt-2 shrink-0"
            onClick={() => onUndo(event)}
            aria-label={t('history.undoNamed', { change: describeChange(event) })}
          >
            {t('history.undo')}
          </Button>
        )}
      </div>
      {isExpanded && (
        <div id={detailsId} className="mb-3 flex flex-col gap-3 sm:ml-12">
          <ChangeDetails event={event} userId={userId} people={people} />
          {deletedBy ? (
            <div className="flex flex-wrap items-center gap-3 rounded-control bg-warning-bg px-3 py-2 text-sm text-ink-900" role="status">
              <span>{canRestore(deletedBy) ? t('history.itemGone') : t('history.itemGoneNoRestore')}</span>
              {canRestore(deletedBy) && (
                <Button size="sm" variant="secondary" onClick={() => onRestore(deletedBy)} aria-label={t('history.restoreNamed', { title: deletedBy.title })}>
                  {t('history.restore')}
                </Button>
              )}
            </div>
          ) : (
            isOpenable && (
              <div>
                <Button size="sm" variant="secondary" onClick={() => onOpen(event)}>
                  {t('history.changes.openItem')}
                </Button>
              </div>
            )
          )}
        </div>
      )}
    </li>
  );
}
