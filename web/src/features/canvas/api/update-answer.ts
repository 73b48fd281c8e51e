import { useMutation } from '@tanstack/react-query';
import { Answer, type UpdateAnswerRequest } from '../../../../../shared/contracts/canvas';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-answer/{id} (spec 02 §7): the author edits their answer. */
export function updateAnswer({ id, ...input }: UpdateAnswerRequest & { id: string }): Promise<Answer> {
  return apiClient.patch(`/canvas-answer/${encodeURIComponent(id)}`, input, { schema: Answer });
}

export function useUpdateAnswer() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateAnswer, onSuccess: invalidate });
}
