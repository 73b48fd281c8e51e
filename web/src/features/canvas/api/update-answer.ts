import { useMutation } from '@tanstack/react-query';
import { Answer, type UpdateAnswerRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-answer/{id} (docs/product/canvas.md#calls): the author edits their answer. */
export function updateAnswer({ id, ...input }: Versioned<UpdateAnswerRequest> & { id: string }): Promise<Answer> {
  return call('updateAnswer', { params: { id }, body: input, queueWhenOffline: true });
}

export function useUpdateAnswer() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: updateAnswer, onSuccess: (item) => own.saved({ kind: 'answer', item }) });
}
