import { useMutation } from '@tanstack/react-query';
import { Goal, type UpdateGoalRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-goal/{id} (docs/product/canvas.md#permissions): only the creator, and not while completed. */
export function updateGoal({ id, ...input }: Versioned<UpdateGoalRequest> & { id: string }): Promise<Goal> {
  return call('updateGoal', { params: { id }, body: input, queueWhenOffline: true });
}

export function useUpdateGoal() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: updateGoal, onSuccess: (item) => own.saved({ kind: 'goal', item }) });
}
