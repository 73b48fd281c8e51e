import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DashboardFamiliesResponse } from '../../../../../shared/contracts/work-relations';
import { apiClient } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { dashboardLimit, nextPageOffset } from '../lib/dashboard';

/** POST /api/work-relation/list-dashboard-families {limit, offset} (spec 02 §7): one page of family cards. */
export function listDashboardFamilies(page: { limit: number; offset: number }): Promise<DashboardFamiliesResponse> {
  return apiClient.post('/work-relation/list-dashboard-families', page, { schema: DashboardFamiliesResponse });
}

/** The dashboard's pages, appended; they load again when the current entity changes (spec 02 §4). */
export function useDashboardFamilies(limit = dashboardLimit) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useInfiniteQuery({
    queryKey: ['dashboard', entityId, limit],
    queryFn: ({ pageParam }) => listDashboardFamilies({ limit, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextPageOffset(lastPage, lastOffset, limit),
  });
}
