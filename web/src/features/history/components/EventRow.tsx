import { useState, type ReactNode } from 'react';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import { formatDateTime } from '../../../../../shared/dates';
import { formatRelative } from '../lib/dates';
import { describeEvent, isContentEvent } from '../lib/events';
import { Avatar } from './Avatar';

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
};

/**
 * One change in the feed: who (avatar and name), what, when (relative and day.month.year).
 * A change of an item opens it; for an item deleted since, it says so and offers Restore.
 */
export function EventRow({ event, userId, deletedBy, canRestore, onOpen, onRestore }: EventRowProps) {
  const [isGoneShown, setIsGoneShown] = useState(false);
  const text = describeEvent(event, userId);
  const isOpenable = isContentEvent(event) && event.categoryId !== null;
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
      {isOpenable ? (
        <button
          type="button"
          className="flex w-full items-start gap-3 rounded-control px-2 py-3 text-left hover:bg-primary-50"
          aria-expanded={deletedBy ? isGoneShown : undefined}
          onClick={() => (deletedBy ? setIsGoneShown((shown) => !shown) : onOpen(event))}
        >
          {body}
        </button>
      ) : (
        <div className="flex items-start gap-3 px-2 py-3">{body}</div>
      )}
      {deletedBy && isGoneShown && (
        <div className="mb-3 ml-14 flex flex-wrap items-center gap-3 rounded-control bg-warning-bg px-3 py-2 text-sm text-ink-900" role="status">
          <span>{canRestore(deletedBy) ? t('history.itemGone') : t('history.itemGoneNoRestore')}</span>
          {canRestore(deletedBy) && (
            <Button size="sm" variant="secondary" onClick={() => onRestore(deletedBy)} aria-label={t('history.restoreNamed', { title: deletedBy.title })}>
              {t('history.restore')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
