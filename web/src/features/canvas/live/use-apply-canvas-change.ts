import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { Canvas, CategoryResponse } from '../../../../../shared/contracts/canvas';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import type { LiveCanvasChange } from '../../../../../shared/contracts/live';
import { userIdAtom } from '../../../stores/session';
import { canvasKeys } from '../api/keys';
import { applyToCategory, applyToOverview, type ApplyOutcome } from './apply-live-change';
import { patchCategory, patchOverview } from './patch-canvas-cache';

/**
 * Applies a canvas change to every cached overview and category page. A live change
 * carries the changed items as this reader sees them (`canvas`): inserted, replaced or
 * removed by id (apply-live-change.ts). A history event alone (the catch-up after a
 * reconnect reads the history, which carries the stored states) is patched from its states
 * (patch-canvas-cache.ts). Either way a query is read again only where the change cannot be
 * applied.
 */
export function useApplyCanvasChange() {
  const queryClient = useQueryClient();
  const selfId = useAtomValue(userIdAtom);
  return useCallback(
    (event: HistoryEvent, canvas?: LiveCanvasChange) => {
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
        if (queryKey[2] === 'overview') outcome = canvas ? applyToOverview(data as Canvas, canvas) : patchOverview(data as Canvas, event, { selfId });
        else if (queryKey[2] === 'category') outcome = canvas ? applyToCategory(data as CategoryResponse, canvas) : patchCategory(data as CategoryResponse, event, { selfId });
        else outcome = { kind: 'refetch' };
        if (outcome.kind === 'patched') {
          queryClient.setQueryData(queryKey, outcome.data);
          // A read already under way may have started before the change: its answer would undo the patch.
          if (query.state.fetchStatus === 'fetching') refetchKeys.push(queryKey);
        } else if (outcome.kind === 'refetch') refetchKeys.push(queryKey);
      }
      return Promise.all(refetchKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })));
    },
    [queryClient, selfId],
  );
}
