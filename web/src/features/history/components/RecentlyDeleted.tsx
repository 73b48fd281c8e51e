import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { HistoryEvent, HistoryPage } from '../../../../../shared/contracts/history';
import { Button } from '../../../components/ui/Button';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { describeEvent } from '../lib/events';
import { Avatar } from './Avatar';
import { EventTime } from './EventRow';
import { LoadMoreButton } from './LoadMoreButton';

type RecentlyDeletedProps = {
  feed: UseInfiniteQueryResult<InfiniteData<HistoryPage>>;
  events: readonly HistoryEvent[];
  userId: string | null;
  canRestore: (event: HistoryEvent) => boolean;
  onRestore: (event: HistoryEvent) => void;
};

/**
 * "Recently deleted": the items deleted and not restored since (90 days at least), newest
 * first, each with Restore for those who may undo it (its deleter, owners and admins). A
 * restore brings the item back with its links and votes.
 */
export function RecentlyDeleted({ feed, events, userId, canRestore, onRestore }: RecentlyDeletedProps) {
  if (feed.isPending) return <LoadingState text={t('history.loading')} />;
  if (feed.isError) return <LoadErrorState title={t('history.loadError')} onRetry={() => void feed.refetch()} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">{t('history.deleted.hint')}</p>
      {events.length === 0 && feed.hasNextPage ? (
        <p className="py-6 text-center text-ink-700">{t('history.noneYet')}</p>
      ) : events.length === 0 ? (
        <p className="py-6 text-center text-ink-700">{t('history.deleted.empty')}</p>
      ) : (
        <ul aria-label={t('history.tab.deleted')} data-testid="recently-deleted">
          {events.map((event) => (
            <li key={event.id} className="flex items-start gap-3 border-b border-line px-2 py-3 last:border-b-0" data-testid="deleted-item">
              <Avatar event={event} />
              <div className="min-w-0 flex-1">
                <p className="break-words text-ink-900">{describeEvent(event, userId)}</p>
                <EventTime iso={event.createdDate} />
                {event.batchId !== event.id && <p className="mt-1 text-sm text-ink-700">{t('history.deleted.byReset')}</p>}
              </div>
              {canRestore(event) && (
                <Button size="sm" variant="secondary" onClick={() => onRestore(event)} aria-label={t('history.restoreNamed', { title: event.title })}>
                  {t('history.restore')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton feed={feed} />
    </div>
  );
}
