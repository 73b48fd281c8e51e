import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** DELETE /api/canvas-takeaway/{id} (docs/product/canvas.md#rules, #permissions): deletes a takeaway with its votes and links. */
export function deleteTakeaway(id: string): Promise<void> {
  return call('deleteTakeaway', { params: { id } });
}

export function useDeleteTakeaway() {
  const own = useApplyOwnWrite();
  // Removed from the cache by id; the live echo brings the linked items' new versions (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: deleteTakeaway, onSuccess: (_done, id) => own.deleted('takeaway', id) });
}
