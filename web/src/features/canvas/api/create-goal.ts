import { useMutation } from '@tanstack/react-query';
import { Goal, type CreateGoalRequest } from '../../../../../shared/contracts/canvas';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-goal/create/{categoryId} (spec 02 §7). */
export function createGoal(input: CreateGoalRequest): Promise<Goal> {
  return apiClient.post(`/canvas-goal/create/${input.categoryId}`, input, { schema: Goal });
}

export function useCreateGoal() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: createGoal, onSuccess: invalidate });
}
