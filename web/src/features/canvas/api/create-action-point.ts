import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type CreateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** POST /api/canvas-action-point/create/{categoryId} (docs/product/canvas.md#calls). */
export function createActionPoint(input: CreateActionPointRequest): Promise<ActionPoint> {
  return call('createActionPoint', { params: { categoryId: input.categoryId }, body: input, queueWhenOffline: true });
}

export function useCreateActionPoint() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: createActionPoint, onSuccess: (item) => own.saved({ kind: 'actionPoint', item }) });
}
