import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** DELETE /api/canvas-action-point/{id} (docs/product/canvas.md#rules, #permissions): deletes an action point with its links. */
export function deleteActionPoint(id: string): Promise<void> {
  return call('deleteActionPoint', { params: { id } });
}

export function useDeleteActionPoint() {
  const own = useApplyOwnWrite();
  // Removed from the cache by id; the live echo brings the linked items' new versions (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: deleteActionPoint, onSuccess: (_done, id) => own.deleted('actionPoint', id) });
}
