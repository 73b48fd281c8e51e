import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** DELETE /api/canvas-answer/{id} (docs/product/canvas.md#rules, #permissions): deletes an answer with its votes. */
export function deleteAnswer(id: string): Promise<void> {
  return call('deleteAnswer', { params: { id } });
}

export function useDeleteAnswer() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: deleteAnswer, onSuccess: invalidate });
}
