import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** DELETE /api/canvas-takeaway/{id} (docs/product/canvas.md#rules, #permissions): deletes a takeaway with its votes and links. */
export function deleteTakeaway(id: string): Promise<void> {
  return call('deleteTakeaway', { params: { id } });
}

export function useDeleteTakeaway() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: deleteTakeaway, onSuccess: invalidate });
}
