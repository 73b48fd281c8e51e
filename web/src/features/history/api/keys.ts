import type { HistoryEvent, HistoryItemType } from '../../../../../shared/contracts/history';

/** The filters of a history page, as the list call sends them. */
export type HistoryFilters = {
  userId?: string;
  sectionId?: number;
  itemType?: HistoryItemType;
  /** `deleted`: the "Recently deleted" list. */
  action?: 'deleted' | 'reset';
  /** One item's own history (its versions). */
  itemId?: string;
};

/**
 * Query keys of the history feature. Every list sits under `all`, so a revert or a new
 * change refreshes them with one invalidation.
 */
export const historyKeys = {
  all: ['history'] as const,
  /** A feed pages on (infinite query); a page is one short list: their data differ in shape. */
  list: (kind: 'feed' | 'page', familyId: number | undefined, filters: HistoryFilters, limit: number) =>
    ['history', kind, familyId ?? 'own', filters, limit] as const,
  accessLog: (scope: 'family' | 'company', from: string, to: string, advisor = '', company = '') =>
    ['history', 'access-log', scope, from, to, advisor, company] as const,
};

/**
 * Whether `events` may change what a cached history query holds: the "Recently deleted" list only with a delete
 * or a revert (an undelete), the reset notice's list only with a reset or a revert, every other list with any
 * event. A catch-up that found only what the page's own read already showed leaves those lists alone.
 */
export function historyQueryTouchedBy(queryKey: readonly unknown[], events: readonly Pick<HistoryEvent, 'action' | 'revertsEventId'>[]): boolean {
  if (events.length === 0) return false;
  const filters = (queryKey[3] ?? {}) as HistoryFilters;
  if (queryKey[1] !== 'feed' && queryKey[1] !== 'page') return true;
  if (filters.action === undefined) return true;
  return events.some((event) => event.action === filters.action || event.revertsEventId !== null);
}
