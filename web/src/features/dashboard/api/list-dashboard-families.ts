import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DashboardFamiliesResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { dashboardLimit, nextPageOffset } from '../lib/dashboard';

/** What narrows the list (beyond docs/product/dashboard.md): a name prefix and "with changes since my last visit". */
export type DashboardFilter = { search: string; changedOnly: boolean };

/** POST /api/work-relation/list-dashboard-families {limit, offset, search?, changedOnly?} (docs/product/dashboard.md#calls): one page of family cards. */
export function listDashboardFamilies(page: { limit: number; offset: number; search?: string; changedOnly?: boolean }): Promise<DashboardFamiliesResponse> {
  return call('listDashboardFamilies', { body: page });
}

/** The dashboard's pages, appended; they load again when the current entity or the filter changes (docs/product/dashboard.md#rules). */
export function useDashboardFamilies(limit = dashboardLimit, filter: DashboardFilter = { search: '', changedOnly: false }) {
  const entityId = useAtomValue(currentEntityIdAtom);
  const search = filter.search.trim();
  return useInfiniteQuery({
    queryKey: ['dashboard', entityId, limit, search, filter.changedOnly],
    queryFn: ({ pageParam }) =>
      listDashboardFamilies({ limit, offset: pageParam, ...(search ? { search } : {}), ...(filter.changedOnly ? { changedOnly: true } : {}) }),
    placeholderData: (previous) => previous,
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextPageOffset(lastPage, lastOffset, limit),
  });
}
