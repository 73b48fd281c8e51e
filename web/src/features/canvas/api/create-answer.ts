import { useMutation } from '@tanstack/react-query';
import { Answer, type CreateAnswerRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-answer/create/{questionId} (docs/product/canvas.md#calls): one answer per user per question. */
export function createAnswer(input: CreateAnswerRequest): Promise<Answer> {
  return call('createAnswer', { params: { questionId: input.questionId }, body: input });
}

export function useCreateAnswer() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: createAnswer, onSuccess: invalidate });
}
