/**
 * Multi-sort of the lists without paging (member and invitation tables, docs/product/invitations.md#screens,
 * docs/product/limits.md#invitations-limits): `orderBy=lastName,-entityRoleId` sorts by lastName ascending, then entityRoleId
 * descending. The server sorts with it; the browser may re-sort a table the same way. The `orderBy` parameter's schema
 * is shared/ordering.ts's; this module needs no zod, so a Lambda that sorts evaluates none at its cold start.
 */
export type SortKey<F extends string> = { field: F; isDescending: boolean };

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The rows sorted by the keys, stably (rows equal on every key keep their order). Empty
 * values (null, undefined, '') come last in either direction.
 */
export function sortRows<T extends object>(rows: readonly T[], keys: ReadonlyArray<SortKey<string>>): T[] {
  const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
  return [...rows].sort((left, right) => {
    for (const { field, isDescending } of keys) {
      const a = (left as Record<string, unknown>)[field];
      const b = (right as Record<string, unknown>)[field];
      if (isEmpty(a) || isEmpty(b)) {
        if (isEmpty(a) && isEmpty(b)) continue;
        return isEmpty(a) ? 1 : -1;
      }
      const order = compareValues(a, b);
      if (order !== 0) return isDescending ? -order : order;
    }
    return 0;
  });
}
