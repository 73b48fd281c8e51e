import type { NoteResponse } from '../../shared/contracts/work-relations';
import { noteTextLimit } from '../../shared/contracts/work-relations';
import { noteRefusal } from '../../shared/permissions';
import { messageKeys } from '../../shared/validation';
import { now } from '../lib/clock';
import { getNote as readNote, putNewNote, updateNote as storeNote, type NoteItem } from '../lib/db/notes';
import { fail } from '../lib/errors';
import { resolveRelatedEntity } from '../lib/relations';
import { sanitizeHtml } from '../lib/sanitize-html';
import type { Session } from '../domain/sessions/session';

/**
 * Private notes (docs/product/work-relations.md#private-notes, #validation, #permissions): the caller's organisation (their current
 * entity) keeps one note about itself or about an entity it works with directly (the
 * other side of a work relation); any other entity → ITEM_NOT_FOUND (4). The note is stored
 * under the writer's organisation, so nobody of the other side, nor of any other
 * organisation, can ever read it. Reading needs ReadSensitiveData, writing
 * EditSensitiveData (owner and admin always; else FORBIDDEN, 8).
 */
async function requireNoteAccess(session: Session, aboutEntityId: number, action: 'read' | 'edit') {
  const { view } = await resolveRelatedEntity(session, aboutEntityId);
  const refusal = noteRefusal(view.membership, action);
  if (refusal) throw fail(refusal);
  return view.membership.entityId;
}

function toNoteResponse(aboutEntityId: number, note: NoteItem | undefined): NoteResponse {
  return { id: note?.id ?? null, entityId: aboutEntityId, note: note?.note ?? null, updatedAt: note?.updatedAt ?? null };
}

/**
 * The note as stored: rich text sanitized to the editor's allowlist (functions/lib/sanitize-html.ts).
 * More than 1,000 visible characters → VALIDATION_ERROR (2) on `note`.
 */
async function cleanNote(note: string): Promise<string> {
  const { html, textLength } = await sanitizeHtml(note);
  if (textLength > noteTextLimit) throw fail('VALIDATION_ERROR', { errors: { note: [messageKeys.tooLong] } });
  return html;
}

/** The note about an entity; id and note null while there is none. */
export async function getNote(session: Session, aboutEntityId: number): Promise<NoteResponse> {
  const writerId = await requireNoteAccess(session, aboutEntityId, 'read');
  return toNoteResponse(aboutEntityId, await readNote(writerId, aboutEntityId));
}

/** Creates the note about an entity; one exists → ITEM_FOUND (9). */
export async function createNote(session: Session, aboutEntityId: number, note: string): Promise<NoteResponse> {
  const html = await cleanNote(note);
  const writerId = await requireNoteAccess(session, aboutEntityId, 'edit');
  return toNoteResponse(aboutEntityId, await putNewNote({ writerEntityId: writerId, aboutEntityId, note: html, userId: session.userId, at: now().toISOString() }));
}

/** Replaces the note about an entity; none yet → ITEM_NOT_FOUND (4). */
export async function updateNote(session: Session, aboutEntityId: number, note: string): Promise<NoteResponse> {
  const html = await cleanNote(note);
  const writerId = await requireNoteAccess(session, aboutEntityId, 'edit');
  return toNoteResponse(aboutEntityId, await storeNote({ writerEntityId: writerId, aboutEntityId, note: html, userId: session.userId, at: now().toISOString() }));
}
