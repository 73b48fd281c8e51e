import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Canvas } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { canvasKeys } from './keys';

/** GET /api/canvas[/{familyId}] (docs/product/canvas.md#calls): without a family id, the current family's own canvas. */
export function getCanvas(familyId?: number): Promise<Canvas> {
  return familyId === undefined ? call('getOwnCanvas') : call('getCanvas', { params: { familyId } });
}

const canvasQuery = (entityId: number | null, familyId: number | undefined) =>
  queryOptions({ queryKey: canvasKeys.overview(entityId, familyId), queryFn: () => getCanvas(familyId) });

export function useCanvas(familyId?: number) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery(canvasQuery(entityId, familyId));
}

/**
 * Asks for the canvas once its route lets the visit through (web/src/app/routes/canvas.tsx prefetch), rather than
 * after the page's first render, which waits for more code (the header's parts); the page's query finds it.
 */
export function prefetchCanvas(queryClient: QueryClient, entityId: number | null, familyId: number | undefined): Promise<void> {
  return queryClient.prefetchQuery(canvasQuery(entityId, familyId));
}
