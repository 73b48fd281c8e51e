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
