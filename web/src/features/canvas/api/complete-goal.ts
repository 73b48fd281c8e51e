import { useMutation } from '@tanstack/react-query';
import { Goal, type CompleteRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-goal/complete/{id} (docs/product/canvas.md#rules): completes a goal or makes it active again. */
export function completeGoal({ id, ...input }: Versioned<CompleteRequest> & { id: string }): Promise<Goal> {
  return call('completeGoal', { params: { id }, body: input, queueWhenOffline: true });
}

export function useCompleteGoal() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: completeGoal, onSuccess: (item) => own.saved({ kind: 'goal', item }) });
}
