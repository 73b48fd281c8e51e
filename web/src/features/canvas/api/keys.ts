import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Query keys of the canvas feature. Everything a canvas write can change (the overview
 * and the category pages) sits under `content`, so one invalidation refreshes it all.
 */
export const canvasKeys = {
  all: ['canvas'] as const,
  content: ['canvas', 'content'] as const,
  /** The overview, per current entity (a switch of entity is another canvas) and family. */
  overview: (entityId: number | null, familyId: number | undefined) => ['canvas', 'content', 'overview', entityId, familyId ?? 'own'] as const,
  category: (categoryId: number) => ['canvas', 'content', 'category', categoryId] as const,
  users: (familyId: number) => ['canvas', 'users', familyId] as const,
  advisors: (entityId: number | null, familyId: number | undefined) => ['canvas', 'advisors', entityId, familyId ?? 'own'] as const,
};

/** Refetches the overview and every category page after a write. */
export function useInvalidateCanvasContent() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: canvasKeys.content }), [queryClient]);
}

/** What a canvas change touches, as the live channel reports it (a history event's place). */
export type CanvasChange = { categoryId: number | null };

/**
 * Whether a cached canvas query shows what a change touched: the overview always, a
 * category page when it is the change's category (or the change has none, as a reset).
 */
export function isTouchedBy(queryKey: readonly unknown[], change: CanvasChange): boolean {
  if (queryKey[0] !== 'canvas' || queryKey[1] !== 'content') return false;
  if (queryKey[2] !== 'category') return true;
  return change.categoryId === null || queryKey[3] === change.categoryId;
}

/** Refetches what someone else's change touched (the live canvas); the rest of the cache stays. */
export function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: CanvasChange) => queryClient.invalidateQueries({ queryKey: canvasKeys.content, predicate: (query) => isTouchedBy(query.queryKey, change) }),
    [queryClient],
  );
}
