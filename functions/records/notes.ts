import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { NoteResponse } from '../../shared/contracts/work-relations';
import { db, tableName } from '../lib/db/client';
import { keys, newId } from '../lib/db/keys';
import { ConditionFailed, itemExists, itemIsNew, sendWrite } from '../lib/db/table';
import { fail } from '../lib/errors';

/**
 * Private notes (ENTITY#<writerId> / NOTE#<aboutEntityId>): one note an organisation keeps
 * about itself or an entity it works with. It lives in the writer's partition, so no read
 * of the other side ever reaches it. The note is sanitized HTML (functions/lib/sanitize-html.ts).
 */
export type NoteItem = {
  type: 'Note';
  id: string;
  writerEntityId: number;
  aboutEntityId: number;
  note: string;
  createdAt: string;
  createdByUserId: string;
  updatedAt: string;
  updatedByUserId: string;
};

/** The note as the API shows it; id and note null while there is none. */
export function toNoteResponse(aboutEntityId: number, note: NoteItem | undefined): NoteResponse {
  return { id: note?.id ?? null, entityId: aboutEntityId, note: note?.note ?? null, updatedAt: note?.updatedAt ?? null };
}

export async function getNote(writerEntityId: number, aboutEntityId: number): Promise<NoteItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.note(writerEntityId, aboutEntityId) }));
  return result.Item as NoteItem | undefined;
}

type NoteWrite = { writerEntityId: number; aboutEntityId: number; note: string; userId: string; at: string };

/** Creates the note; one exists already → ITEM_FOUND (9). */
export async function putNewNote(input: NoteWrite): Promise<NoteItem> {
  const item: NoteItem = {
    type: 'Note',
    id: newId(),
    writerEntityId: input.writerEntityId,
    aboutEntityId: input.aboutEntityId,
    note: input.note,
    createdAt: input.at,
    createdByUserId: input.userId,
    updatedAt: input.at,
    updatedByUserId: input.userId,
  };
  try {
    await sendWrite({ put: { ...keys.note(input.writerEntityId, input.aboutEntityId), ...item }, condition: itemIsNew, name: 'noteIsNew' });
  } catch (error) {
    if (error instanceof ConditionFailed && error.condition === 'noteIsNew') throw fail('ITEM_FOUND', { message: 'A note exists; update it instead.' });
    throw error;
  }
  return item;
}

/** Replaces the text of an existing note; none yet → ITEM_NOT_FOUND (4). */
export async function updateNote(input: NoteWrite): Promise<NoteItem> {
  try {
    const attributes = await sendWrite({
      update: keys.note(input.writerEntityId, input.aboutEntityId),
      spec: { set: { note: input.note, updatedAt: input.at, updatedByUserId: input.userId } },
      condition: itemExists,
      name: 'noteExists',
    });
    return attributes as NoteItem;
  } catch (error) {
    if (error instanceof ConditionFailed && error.condition === 'noteExists') throw fail('ITEM_NOT_FOUND');
    throw error;
  }
}
