import type { AnswerVoteResponse } from '../../../shared/contracts/canvas';
import { addVote, removeVote } from './content';
import type { Session } from '../sessions/session';

/** Votes for someone else's answer: once (9), never one's own (8), with edit rights (8). */
export async function addAnswerVote(session: Session, answerId: string): Promise<AnswerVoteResponse> {
  return { ...(await addVote(session, 'answer', answerId)), answerId };
}

/** Withdraws the caller's vote for an answer; no vote → ITEM_NOT_FOUND (4). */
export async function removeAnswerVote(session: Session, answerId: string): Promise<void> {
  await removeVote(session, 'answer', answerId);
}
