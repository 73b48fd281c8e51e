import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** DELETE /api/canvas-action-point/{id} (docs/product/canvas.md#rules, #permissions): deletes an action point with its links. */
export function deleteActionPoint(id: string): Promise<void> {
  return call('deleteActionPoint', { params: { id } });
}

export function useDeleteActionPoint() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: deleteActionPoint, onSuccess: invalidate });
}
