import { useMutation } from '@tanstack/react-query';
import { Goal, type CreateGoalRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-goal/create/{categoryId} (docs/product/canvas.md#calls). */
export function createGoal(input: CreateGoalRequest): Promise<Goal> {
  return call('createGoal', { params: { categoryId: input.categoryId }, body: input });
}

export function useCreateGoal() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: createGoal, onSuccess: invalidate });
}
