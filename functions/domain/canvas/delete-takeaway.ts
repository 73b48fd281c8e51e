import { deleteContentItem } from './content';
import type { Session } from '../sessions/session';

/**
 * Deletes a takeaway with its votes; linked goals lose the link in the same transaction.
 * The creator, or an owner or admin on their own family's canvas (else FORBIDDEN, 8).
 */
export async function deleteTakeaway(session: Session, id: string): Promise<void> {
  await deleteContentItem(session, 'takeaway', id);
}
