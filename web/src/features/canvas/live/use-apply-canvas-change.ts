import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { Canvas, CategoryResponse } from '../../../../../shared/contracts/canvas';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { userIdAtom } from '../../../stores/session';
import { canvasKeys } from '../api/keys';
import { patchCategory, patchOverview, type PatchOutcome } from './patch-canvas-cache';

/**
 * Applies a canvas change (a history event from the live channel or the catch-up) to every
 * cached overview and category page: patched in place where the event says enough, read
 * again only where it does not (patch-canvas-cache.ts says which).
 */
export function useApplyCanvasChange() {
  const queryClient = useQueryClient();
  const selfId = useAtomValue(userIdAtom);
  return useCallback(
    (event: HistoryEvent) => {
      const refetchKeys: QueryKey[] = [];
      for (const query of queryClient.getQueryCache().findAll({ queryKey: canvasKeys.content })) {
        const { queryKey } = query;
        const data = query.state.data;
        // Not loaded yet (or failed): its own fetch, or a new one, reads the change.
        if (data === undefined) {
          refetchKeys.push(queryKey);
          continue;
        }
        let outcome: PatchOutcome<unknown>;
        if (queryKey[2] === 'overview') outcome = patchOverview(data as Canvas, event, { selfId });
        else if (queryKey[2] === 'category') outcome = patchCategory(data as CategoryResponse, event, { selfId });
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
