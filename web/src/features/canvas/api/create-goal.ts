import { useMutation } from '@tanstack/react-query';
import { Goal, type CreateGoalRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** POST /api/canvas-goal/create/{categoryId} (docs/product/canvas.md#calls). */
export function createGoal(input: CreateGoalRequest): Promise<Goal> {
  return call('createGoal', { params: { categoryId: input.categoryId }, body: input, queueWhenOffline: true });
}

export function useCreateGoal() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: createGoal, onSuccess: (item) => own.saved({ kind: 'goal', item }) });
}
