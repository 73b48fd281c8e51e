import { useMutation } from '@tanstack/react-query';
import { Goal, type UpdateGoalRequest } from '../../../../../shared/contracts/canvas';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-goal/{id} (spec 02 §6): only the creator, and not while completed. */
export function updateGoal({ id, ...input }: UpdateGoalRequest & { id: string }): Promise<Goal> {
  return apiClient.patch(`/canvas-goal/${encodeURIComponent(id)}`, input, { schema: Goal });
}

export function useUpdateGoal() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateGoal, onSuccess: invalidate });
}
