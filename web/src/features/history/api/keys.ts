import type { HistoryItemType } from '../../../../../shared/contracts/history';

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
