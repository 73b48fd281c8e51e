import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';

/** "Load more" under a history list while the server has older events. */
export function LoadMoreButton({ feed }: { feed: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!feed.hasNextPage) return null;
  return (
    <Button variant="secondary" className="self-center" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
      {feed.isFetchingNextPage ? t('history.loadingMore') : t('history.loadMore')}
    </Button>
  );
}
