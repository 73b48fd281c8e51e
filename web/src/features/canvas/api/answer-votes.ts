import { useMutation } from '@tanstack/react-query';
import { AnswerVoteResponse } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-answer/vote/{answerId} (docs/product/canvas.md#rules): one vote per user, never on one's own item. */
export function addAnswerVote(id: string): Promise<AnswerVoteResponse> {
  return call('addAnswerVote', { params: { answerId: id }, queueWhenOffline: true });
}

/** DELETE /api/canvas-answer/vote/{answerId}: takes one's vote back. */
export function removeAnswerVote(id: string): Promise<void> {
  return call('removeAnswerVote', { params: { answerId: id }, queueWhenOffline: true });
}

/** Toggles the caller's vote: adds it when `hasVoted` is false, removes it otherwise. */
export function useToggleAnswerVote() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({
    mutationFn: ({ id, hasVoted }: { id: string; hasVoted: boolean }) => (hasVoted ? removeAnswerVote(id) : addAnswerVote(id).then(() => undefined)),
    // The votes come with the live echo of the vote; a refused vote reads the canvas again.
    onError: invalidate,
  });
}
