import { noteTextLimit } from '../../../shared/contract-limits';
import { noteRefusal } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { fail } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { Session } from '../sessions/session';
import { resolveRelatedEntity } from './related-entity';

/**
 * Private notes (docs/product/work-relations.md#private-notes, #validation, #permissions): the caller's organisation (their current
 * entity) keeps one note about itself or about an entity it works with directly (the
 * other side of a work relation); any other entity → ITEM_NOT_FOUND (4). The note is stored
 * under the writer's organisation (./notes.ts), so nobody of the other side, nor of any other
 * organisation, can ever read it. Reading needs ReadSensitiveData, writing
 * EditSensitiveData (owner and admin always; else FORBIDDEN, 8). Answers the writer's entity id.
 */
export async function requireNoteAccess(session: Session, aboutEntityId: number, action: 'read' | 'edit'): Promise<number> {
  const { view } = await resolveRelatedEntity(session, aboutEntityId);
  const refusal = noteRefusal(view.membership, action);
  if (refusal) throw fail(refusal);
  return view.membership.entityId;
}

/**
 * The note as stored: rich text sanitized to the editor's allowlist (functions/lib/sanitize-html.ts).
 * More than 1,000 visible characters → VALIDATION_ERROR (2) on `note`.
 */
export async function cleanNote(note: string): Promise<string> {
  const { html, textLength } = await sanitizeHtml(note);
  if (textLength > noteTextLimit) throw fail('VALIDATION_ERROR', { errors: { note: [messageKeys.tooLong] } });
  return html;
}
