import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type CompleteRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-action-point/complete/{id} (docs/product/canvas.md#rules): anyone with edit rights, so an assignee can tick it off. */
export function completeActionPoint({ id, ...input }: Versioned<CompleteRequest> & { id: string }): Promise<ActionPoint> {
  return call('completeActionPoint', { params: { id }, body: input, queueWhenOffline: true });
}

export function useCompleteActionPoint() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: completeActionPoint, onSuccess: (item) => own.saved({ kind: 'actionPoint', item }) });
}
