import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { canvasKeys, isTouchedBy } from './keys';

describe('a change from the live canvas', () => {
  it('refreshes the overview and the page of its category, not other categories', async () => {
    const client = new QueryClient();
    client.setQueryData(canvasKeys.overview(7, undefined), { id: 7 });
    client.setQueryData(canvasKeys.category(11), { id: 11 });
    client.setQueryData(canvasKeys.category(12), { id: 12 });
    client.setQueryData(canvasKeys.users(7), []);
    await client.invalidateQueries({ queryKey: canvasKeys.content, predicate: (query) => isTouchedBy(query.queryKey, { categoryId: 11 }) });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(canvasKeys.overview(7, undefined))).toBe(true);
    expect(stale(canvasKeys.category(11))).toBe(true);
    expect(stale(canvasKeys.category(12))).toBe(false);
    expect(stale(canvasKeys.users(7))).toBe(false);
  });

  it('refreshes every category page for a change without a category (a reset)', () => {
    expect(isTouchedBy(canvasKeys.category(12), { categoryId: null })).toBe(true);
  });
});
