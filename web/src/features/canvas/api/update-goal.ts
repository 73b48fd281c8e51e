import { useMutation } from '@tanstack/react-query';
import { Goal, type UpdateGoalRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-goal/{id} (docs/product/canvas.md#permissions): only the creator, and not while completed. */
export function updateGoal({ id, ...input }: UpdateGoalRequest & { id: string }): Promise<Goal> {
  return call('updateGoal', { params: { id }, body: input });
}

export function useUpdateGoal() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateGoal, onSuccess: invalidate });
}
