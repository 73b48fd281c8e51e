import { useMutation } from '@tanstack/react-query';
import { Answer, type CreateAnswerRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** POST /api/canvas-answer/create/{questionId} (docs/product/canvas.md#calls): one answer per user per question. */
export function createAnswer(input: CreateAnswerRequest): Promise<Answer> {
  return call('createAnswer', { params: { questionId: input.questionId }, body: input, queueWhenOffline: true });
}

export function useCreateAnswer() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: createAnswer, onSuccess: (item) => own.saved({ kind: 'answer', item }) });
}
