import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** DELETE /api/canvas-goal/{id} (docs/product/canvas.md#rules, #permissions): deletes a goal with its links. */
export function deleteGoal(id: string): Promise<void> {
  return call('deleteGoal', { params: { id } });
}

export function useDeleteGoal() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: deleteGoal, onSuccess: invalidate });
}
