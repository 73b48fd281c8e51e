import type { NoteResponse } from '../../../shared/contracts/work-relations';
import { now } from '../../lib/clock';
import type { Session } from '../sessions/session';
import { cleanNote, requireNoteAccess } from './note-access';
import { putNewNote, toNoteResponse } from '../../records/notes';

/** Creates the caller's organisation's private note about an entity (./note-access.ts); one exists → ITEM_FOUND (9). */
export async function createNote(session: Session, aboutEntityId: number, note: string): Promise<NoteResponse> {
  const html = await cleanNote(note);
  const writerId = await requireNoteAccess(session, aboutEntityId, 'edit');
  return toNoteResponse(
    aboutEntityId,
    await putNewNote({ writerEntityId: writerId, aboutEntityId, note: html, userId: session.userId, at: now().toISOString() }),
  );
}
