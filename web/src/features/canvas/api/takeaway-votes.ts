import { useMutation } from '@tanstack/react-query';
import { TakeawayVoteResponse } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-takeaway/vote/{takeawayId} (docs/product/canvas.md#rules): one vote per user, never on one's own item. */
export function addTakeawayVote(id: string): Promise<TakeawayVoteResponse> {
  return call('addTakeawayVote', { params: { takeawayId: id }, queueWhenOffline: true });
}

/** DELETE /api/canvas-takeaway/vote/{takeawayId}: takes one's vote back. */
export function removeTakeawayVote(id: string): Promise<void> {
  return call('removeTakeawayVote', { params: { takeawayId: id }, queueWhenOffline: true });
}

/** Toggles the caller's vote: adds it when `hasVoted` is false, removes it otherwise. */
export function useToggleTakeawayVote() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({
    mutationFn: ({ id, hasVoted }: { id: string; hasVoted: boolean }) => (hasVoted ? removeTakeawayVote(id) : addTakeawayVote(id).then(() => undefined)),
    // The votes come with the live echo of the vote; a refused vote reads the canvas again.
    onError: invalidate,
  });
}
