import type { TakeawayVoteResponse } from '../../../shared/contracts/canvas';
import { addVote, removeVote } from './content';
import type { Session } from '../sessions/session';

/** Votes for someone else's active takeaway: once (9), never one's own or an archived one (8). */
export async function addTakeawayVote(session: Session, takeawayId: string): Promise<TakeawayVoteResponse> {
  return { ...(await addVote(session, 'takeaway', takeawayId)), takeawayId };
}

/** Withdraws the caller's vote for a takeaway; no vote → ITEM_NOT_FOUND (4). */
export async function removeTakeawayVote(session: Session, takeawayId: string): Promise<void> {
  await removeVote(session, 'takeaway', takeawayId);
}
