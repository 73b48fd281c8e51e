import { dueStateOf, type DueState } from '../../../../../shared/dates';
import type { MyActionPoint } from '../../../../../shared/contracts/my-actions';

/** The page's filters: a family (all when null) and where the due date stands (any when null). */
export type MyActionsFilter = { familyId: number | null; due: DueState | null };

/** The families in the list, by name, for the family filter. */
export function familiesOf(items: readonly MyActionPoint[]): Array<{ id: number; name: string }> {
  const families = new Map(items.map((item) => [item.familyId, item.familyName]));
  return [...families].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The items that pass the filters on `today` (the server's order is kept). */
export function applyFilter(items: readonly MyActionPoint[], filter: MyActionsFilter, today: string): MyActionPoint[] {
  return items.filter(
    (item) => (filter.familyId === null || item.familyId === filter.familyId) && (filter.due === null || dueStateOf(item.dueDate, today) === filter.due),
  );
}
