import type { NoteResponse } from '../../../shared/contracts/work-relations';
import { now } from '../../lib/clock';
import type { Session } from '../sessions/session';
import { cleanNote, requireNoteAccess } from './note-access';
import { toNoteResponse, updateNote as storeNote } from '../../records/notes';

/** Replaces the caller's organisation's private note about an entity (./note-access.ts); none yet → ITEM_NOT_FOUND (4). */
export async function updateNote(session: Session, aboutEntityId: number, note: string): Promise<NoteResponse> {
  const html = await cleanNote(note);
  const writerId = await requireNoteAccess(session, aboutEntityId, 'edit');
  return toNoteResponse(
    aboutEntityId,
    await storeNote({ writerEntityId: writerId, aboutEntityId, note: html, userId: session.userId, at: now().toISOString() }),
  );
}
