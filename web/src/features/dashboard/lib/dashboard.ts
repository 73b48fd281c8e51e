import type { DashboardFamily } from '../../../../../shared/contracts/work-relations';
import { WorkRelationRole } from '../../../../../shared/enums';

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
