import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AccessLogPage } from '../../../../../shared/contracts/history';
import type { RouteName } from '../../../../../shared/api-contract';
import { call, routeUrl } from '../../../lib/api-client';
import { historyKeys } from './keys';

/** A period of whole days (YYYY-MM-DD, inclusive); empty means open-ended. */
export type AccessLogPeriod = { from: string; to: string };

/** Only one advisor's (a user id) or one company's (an entity id) visits; empty means all. */
export type AccessLogFilters = { advisor: string; company: string };

const noFilters: AccessLogFilters = { advisor: '', company: '' };

export type AccessLogScope = 'family' | 'company';

const routes = { family: 'getAccessLog', company: 'getCompanyAccessLog' } as const satisfies Record<AccessLogScope, RouteName>;

const periodQuery = ({ from, to }: AccessLogPeriod) => ({ from: from || undefined, to: to || undefined });

/**
 * GET /api/canvas/access-log (the family's owners and admins: which advisor read which
 * section, how often, first and last) or GET /api/entities/access-log (an advisor
 * company's own members' reads).
 */
export function getAccessLog(scope: AccessLogScope, period: AccessLogPeriod, cursor?: string, filters: AccessLogFilters = noFilters): Promise<AccessLogPage> {
  return call(routes[scope], {
    query: { ...periodQuery(period), cursor, limit: 200, advisor: filters.advisor || undefined, company: filters.company || undefined },
  });
}

export function useAccessLog(scope: AccessLogScope, period: AccessLogPeriod, filters: AccessLogFilters = noFilters) {
  return useInfiniteQuery({
    queryKey: historyKeys.accessLog(scope, period.from, period.to, filters.advisor, filters.company),
    queryFn: ({ pageParam }) => getAccessLog(scope, period, pageParam ?? undefined, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/canvas/access-log.csv: the same rows as a file the browser downloads (a plain link, the cookie goes along). */
export function accessLogCsvUrl(period: AccessLogPeriod, filters: AccessLogFilters = noFilters): string {
  return routeUrl('getAccessLogCsv', { query: { ...periodQuery(period), advisor: filters.advisor || undefined, company: filters.company || undefined } });
}
