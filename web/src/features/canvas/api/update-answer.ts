import { useMutation } from '@tanstack/react-query';
import { Answer, type UpdateAnswerRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-answer/{id} (docs/product/canvas.md#calls): the author edits their answer. */
export function updateAnswer({ id, ...input }: UpdateAnswerRequest & { id: string }): Promise<Answer> {
  return call('updateAnswer', { params: { id }, body: input });
}

export function useUpdateAnswer() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateAnswer, onSuccess: invalidate });
}
