import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** DELETE /api/canvas-goal/{id} (docs/product/canvas.md#rules, #permissions): deletes a goal with its links. */
export function deleteGoal(id: string): Promise<void> {
  return call('deleteGoal', { params: { id } });
}

export function useDeleteGoal() {
  const own = useApplyOwnWrite();
  // Removed from the cache by id; the live echo brings the linked items' new versions (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: deleteGoal, onSuccess: (_done, id) => own.deleted('goal', id) });
}
