import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HistoryPage } from '../../../../../shared/contracts/history';
import { call } from '../../../lib/api-client';
import { historyKeys, type HistoryFilters } from './keys';

export type HistoryRequest = HistoryFilters & { familyId?: number; limit?: number; cursor?: string };

/**
 * GET /api/canvas/history (own family) or /api/canvas/history/{familyId} (advisor): a page
 * of the family's changes, newest first, and the cursor of the next page.
 */
export function listHistory({ familyId, ...query }: HistoryRequest): Promise<HistoryPage> {
  return familyId === undefined ? call('getOwnHistory', { query }) : call('getHistory', { params: { familyId }, query });
}

/**
 * How many empty pages in a row the feed fetches by itself. The server reads a bounded part
 * of the journal per request (functions/domain/journal/journal.ts maxHistoryPagesPerRequest):
 * under a filter that matches little, a page can come back empty with a cursor to go on. The
 * feed follows such a cursor at once, up to this many times; then "Load more" asks the user.
 */
export const maxEmptyPagesFollowed = 5;

/** The Activity feed and "Recently deleted": pages of `limit`, the next one on "Load more" (or at once after an empty page, above). */
export function useHistoryFeed(familyId: number | undefined, filters: HistoryFilters, options: { limit?: number; enabled?: boolean } = {}) {
  const limit = options.limit ?? 25;
  const feed = useInfiniteQuery({
    queryKey: historyKeys.list('feed', familyId, filters, limit),
    queryFn: ({ pageParam }) => listHistory({ familyId, ...filters, limit, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: options.enabled ?? true,
  });
  const pages = feed.data?.pages ?? [];
  let emptyAtEnd = 0;
  while (emptyAtEnd < pages.length && pages[pages.length - 1 - emptyAtEnd]!.results.length === 0) emptyAtEnd += 1;
  const followEmpty = feed.hasNextPage && !feed.isFetching && !feed.isError && emptyAtEnd > 0 && emptyAtEnd <= maxEmptyPagesFollowed;
  const { fetchNextPage } = feed;
  useEffect(() => {
    if (followEmpty) void fetchNextPage();
  }, [followEmpty, fetchNextPage, pages.length]);
  return feed;
}

/** One short page (the latest reset, a few recent deletes), without paging. */
export function useHistoryPage(familyId: number | undefined, filters: HistoryFilters, limit: number, enabled = true) {
  return useQuery({
    queryKey: historyKeys.list('page', familyId, filters, limit),
    queryFn: () => listHistory({ familyId, ...filters, limit }),
    enabled,
  });
}
