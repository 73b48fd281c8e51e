import type { NoteResponse } from '../../../shared/contracts/work-relations';
import type { Session } from '../sessions/session';
import { requireNoteAccess } from './note-access';
import { getNote as readNote, toNoteResponse } from '../../records/notes';

/** The caller's organisation's private note about an entity (./note-access.ts); id and note null while there is none. */
export async function getNote(session: Session, aboutEntityId: number): Promise<NoteResponse> {
  const writerId = await requireNoteAccess(session, aboutEntityId, 'read');
  return toNoteResponse(aboutEntityId, await readNote(writerId, aboutEntityId));
}
