import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type UpdateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-action-point/{id} (docs/product/canvas.md#calls): the update carries updatePriority true. */
export function updateActionPoint({ id, ...input }: Versioned<UpdateActionPointRequest> & { id: string }): Promise<ActionPoint> {
  return call('updateActionPoint', { params: { id }, body: { ...input, updatePriority: true }, queueWhenOffline: true });
}

export function useUpdateActionPoint() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: updateActionPoint, onSuccess: (item) => own.saved({ kind: 'actionPoint', item }) });
}
