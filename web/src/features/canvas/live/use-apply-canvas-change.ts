import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ActionPoint, Answer, Canvas, CategoryResponse, Goal, Takeaway } from '../../../../../shared/contracts/canvas';
import type { LiveCanvasChange, LiveItemView } from '../../../../../shared/contracts/live';
import { canvasKeys } from '../api/keys';
import { applyToCategory, applyToOverview, type ApplyOutcome } from './apply-live-change';

/**
 * Applies a canvas change to every cached overview and category page: the changed items as
 * the server shaped them for this reader (a live `change`, or a catch-up page of the
 * history: catch-up.ts), inserted, replaced or removed by id (apply-live-change.ts). The
 * browser builds no view itself. A query is read again only where the change cannot be applied.
 */
export function useApplyCanvasChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (canvas: LiveCanvasChange) => {
      const refetchKeys: QueryKey[] = [];
      for (const query of queryClient.getQueryCache().findAll({ queryKey: canvasKeys.content })) {
        const { queryKey } = query;
        const data = query.state.data;
        // Not loaded yet (or failed): its own fetch, or a new one, reads the change.
        if (data === undefined) {
          refetchKeys.push(queryKey);
          continue;
        }
        let outcome: ApplyOutcome<unknown>;
        if (queryKey[2] === 'overview') outcome = applyToOverview(data as Canvas, canvas);
        else if (queryKey[2] === 'category') outcome = applyToCategory(data as CategoryResponse, canvas);
        else outcome = { kind: 'refetch' };
        if (outcome.kind === 'patched') {
          queryClient.setQueryData(queryKey, outcome.data);
          // A read already under way may have started before the change: its answer would undo the patch.
          if (query.state.fetchStatus === 'fetching') refetchKeys.push(queryKey);
        } else if (outcome.kind === 'refetch') refetchKeys.push(queryKey);
      }
      return Promise.all(refetchKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })));
    },
    [queryClient],
  );
}

export type OwnItem =
  { kind: 'answer'; item: Answer } | { kind: 'takeaway'; item: Takeaway } | { kind: 'goal'; item: Goal } | { kind: 'actionPoint'; item: ActionPoint };

/** The caller's own item as a live change would carry it (the answer of its write is the caller's view of it). */
function ownView(own: OwnItem): LiveItemView {
  if (own.kind === 'answer') return own;
  const closed = own.kind === 'takeaway' ? own.item.archived : own.item.completed;
  const linked = { id: own.item.id, categoryId: own.item.categoryId, title: own.item.title, isClosed: closed };
  return { ...own, linked, overview: !(own.kind === 'takeaway' && own.item.archived) } as LiveItemView;
}

/**
 * The author's side of a canvas write (docs/product/live.md#in-the-browser): the write's
 * answer goes into the cache once, by id, and nothing is read again. Its live echo then
 * changes nothing this answer already put there (apply-live-change.ts keeps an item at the
 * same or a newer version) and brings only what the answer cannot: the new versions and
 * back-links of linked items, and the votes of a vote. The echo is recognised by the
 * item's version, which the browser holds from the answer: no write id or session travels
 * with the event, and nothing a client says decides what another reader receives.
 */
export function useApplyOwnWrite() {
  const apply = useApplyCanvasChange();
  return {
    saved: useCallback((own: OwnItem) => apply({ upsert: [ownView(own)], remove: [], reload: false }), [apply]),
    deleted: useCallback((kind: OwnItem['kind'], id: string) => apply({ upsert: [], remove: [{ kind, id }], reload: false }), [apply]),
    titled: useCallback((title: string) => apply({ upsert: [], remove: [], title, reload: false }), [apply]),
  };
}
