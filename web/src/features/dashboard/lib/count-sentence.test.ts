import { describe, expect, it } from 'vitest';
import { t } from '../../../messages/en-US';
import { countSentence, filtersOf, withFilters } from './dashboard';

const read = (shown: number, count: number, isFiltered: boolean) => {
  const { key, values } = countSentence(shown, count, isFiltered);
  return t(key, values);
};

describe('the dashboard count sentence (docs/product/dashboard.md#search)', () => {
  it('reads naturally for one, all and some families, and for matches', () => {
    expect(read(1, 1, false)).toBe('Showing the only family.');
    expect(read(3, 3, false)).toBe('Showing all 3 families.');
    expect(read(10, 25, false)).toBe('Showing 10 of 25 families.');
    expect(read(1, 1, true)).toBe('1 family matches.');
    expect(read(4, 4, true)).toBe('4 families match.');
    expect(read(10, 12, true)).toBe('Showing 10 of 12 matching families.');
  });
});

describe('the dashboard filters in the URL', () => {
  it('reads q and changed, and writes only what is set, keeping other parameters', () => {
    expect(filtersOf(new URLSearchParams('q=m%C3%BCller&changed=1'))).toEqual({ searchText: 'müller', changedOnly: true });
    expect(filtersOf(new URLSearchParams(''))).toEqual({ searchText: '', changedOnly: false });
    const next = withFilters(new URLSearchParams('other=x&q=a'), { searchText: 'ab', changedOnly: true });
    expect(next.toString()).toBe('other=x&q=ab&changed=1');
    expect(withFilters(next, { searchText: '', changedOnly: false }).toString()).toBe('other=x');
  });
});
