import { deleteContentItem } from './content';
import type { Session } from '../sessions/session';

/**
 * Deletes an answer with its one-answer guard (so its author may answer again) and its
 * votes: the author, or an owner or admin on their own family's canvas (else 8).
 */
export async function deleteAnswer(session: Session, id: string): Promise<void> {
  await deleteContentItem(session, 'answer', id);
}
