import { describe, expect, it } from 'vitest';
import { nextSort, toOrderBy, withoutSort } from './SortableTable';

describe('multi-sort keys (docs/product/limits.md#shell-limits)', () => {
  it('sorts by the clicked column, and reverses it on a second click', () => {
    const first = nextSort([], 'email', false);
    expect(first).toEqual([{ field: 'email', isDescending: false }]);
    expect(nextSort(first, 'email', false)).toEqual([{ field: 'email', isDescending: true }]);
    expect(nextSort(first, 'status', false)).toEqual([{ field: 'status', isDescending: false }]);
  });

  it('adds further columns, reverses one in place, and drops one', () => {
    const keys = nextSort(nextSort([], 'email', true), 'status', true);
    expect(toOrderBy(keys)).toBe('email,status');
    expect(toOrderBy(nextSort(keys, 'email', true))).toBe('-email,status');
    expect(toOrderBy(withoutSort(keys, 'email'))).toBe('status');
    // A plain click on a column of a multi-sort starts over with that column.
    expect(toOrderBy(nextSort(keys, 'status', false))).toBe('status');
    expect(toOrderBy([])).toBeUndefined();
  });
});
