import type { DashboardFamily } from '../../../../../shared/contracts/work-relations';
import { WorkRelationRole } from '../../../../../shared/enums';
import type { MessageKey } from '../../../messages/en-US';

/** docs/product/limits.md#dashboard-limits: page size 10, offset 0 at the start. */
export const dashboardLimit = 10;
/** docs/product/dashboard.md#screens, docs/product/limits.md#dashboard-limits: after Load more, the list scrolls to the last item after 300 ms. */
export const loadMoreScrollDelayMs = 300;

/** docs/product/dashboard.md#rules: Load more advances the offset by the limit, capped at the count. */
export function nextOffset(offset: number, limit: number, count: number): number {
  return Math.min(offset + limit, count);
}

/**
 * The offset of the page after `page`, or undefined on the last one: the server's `next`
 * says whether there is one; the offset itself advances by the limit, capped at the count.
 */
export function nextPageOffset(page: { count: number; next: number | null }, offset: number, limit: number): number | undefined {
  if (page.next === null) return undefined;
  const next = nextOffset(offset, limit, page.count);
  return next >= page.count ? undefined : next;
}

/**
 * docs/product/dashboard.md#screens: the canvas opens if the family has a canvas and the user is an
 * admin (owner or admin of their company), or canViewCanvas is true, the canvas role is
 * not 'none' and the permissions include ReadCanvas or EditCanvas.
 */
export function canOpenCanvas(
  family: Pick<DashboardFamily, 'canvas' | 'canViewCanvas' | 'workRelationRoleId' | 'memberPermissions'>,
  isAdmin: boolean,
): boolean {
  if (!family.canvas) return false;
  if (isAdmin) return true;
  return (
    family.canViewCanvas &&
    family.workRelationRoleId !== WorkRelationRole.None &&
    (family.memberPermissions.includes('ReadCanvas') || family.memberPermissions.includes('EditCanvas'))
  );
}

/** docs/product/dashboard.md#screens: the canvas button needs canViewCanvas and a canvas id. */
export function hasCanvasButton(family: Pick<DashboardFamily, 'canvas' | 'canViewCanvas'>): boolean {
  return family.canViewCanvas && family.canvas !== null && Number.isInteger(family.canvas.id);
}

/**
 * The sentence above the cards (docs/product/dashboard.md#search): "Showing all 3 families.",
 * "Showing the only family.", "Showing 10 of 25 families."; while a search or the changes
 * filter narrows the list, what it counts are matches: "1 family matches.", "4 families
 * match.", "Showing 10 of 12 matching families.".
 */
export function countSentence(shown: number, count: number, isFiltered: boolean): { key: MessageKey; values?: Record<string, number> } {
  if (shown < count) return isFiltered ? { key: 'dashboard.shownMatches', values: { shown, count } } : { key: 'dashboard.shown', values: { shown, count } };
  if (isFiltered) return count === 1 ? { key: 'dashboard.matchesOne' } : { key: 'dashboard.matchesAll', values: { count } };
  return count === 1 ? { key: 'dashboard.shownOnly' } : { key: 'dashboard.shownAll', values: { count } };
}

/** The URL's names of the dashboard's search and changes filter (reload and a shared link keep them): `?q=müller&changed=1`. */
export const dashboardParams = { search: 'q', changedOnly: 'changed' } as const;

/** The search and the filter a URL's query holds. */
export function filtersOf(params: URLSearchParams): { searchText: string; changedOnly: boolean } {
  return { searchText: (params.get(dashboardParams.search) ?? '').slice(0, 100), changedOnly: params.get(dashboardParams.changedOnly) === '1' };
}

/** The query with a new search or filter: empty ones leave the URL, other parameters stay. */
export function withFilters(params: URLSearchParams, change: { searchText?: string; changedOnly?: boolean }): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.searchText !== undefined) {
    if (change.searchText === '') next.delete(dashboardParams.search);
    else next.set(dashboardParams.search, change.searchText);
  }
  if (change.changedOnly !== undefined) {
    if (change.changedOnly) next.set(dashboardParams.changedOnly, '1');
    else next.delete(dashboardParams.changedOnly);
  }
  return next;
}
