import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

/** The Activity feed and "Recently deleted": pages of `limit`, the next one on "Load more". */
export function useHistoryFeed(familyId: number | undefined, filters: HistoryFilters, options: { limit?: number; enabled?: boolean } = {}) {
  const limit = options.limit ?? 25;
  return useInfiniteQuery({
    queryKey: historyKeys.list('feed', familyId, filters, limit),
    queryFn: ({ pageParam }) => listHistory({ familyId, ...filters, limit, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: options.enabled ?? true,
  });
}

/** One short page (the latest reset, a few recent deletes), without paging. */
export function useHistoryPage(familyId: number | undefined, filters: HistoryFilters, limit: number, enabled = true) {
  return useQuery({
    queryKey: historyKeys.list('page', familyId, filters, limit),
    queryFn: () => listHistory({ familyId, ...filters, limit }),
    enabled,
  });
}
