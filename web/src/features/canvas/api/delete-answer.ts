import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** DELETE /api/canvas-answer/{id} (docs/product/canvas.md#rules, #permissions): deletes an answer with its votes. */
export function deleteAnswer(id: string): Promise<void> {
  return call('deleteAnswer', { params: { id } });
}

export function useDeleteAnswer() {
  const own = useApplyOwnWrite();
  // Removed from the cache by id; the live echo brings the linked items' new versions (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: deleteAnswer, onSuccess: (_done, id) => own.deleted('answer', id) });
}
