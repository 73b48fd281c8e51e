import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fail, isConditionalCheckFailure } from '../errors';
import { db, tableName } from './client';
import { keys, newId } from './keys';

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

export async function getNote(writerEntityId: number, aboutEntityId: number): Promise<NoteItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.note(writerEntityId, aboutEntityId) }));
  return result.Item as NoteItem | undefined;
}

/** Creates the note; one exists already → ITEM_FOUND (9). */
export async function putNewNote(input: { writerEntityId: number; aboutEntityId: number; note: string; userId: string; at: string }): Promise<NoteItem> {
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
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.note(input.writerEntityId, input.aboutEntityId), ...item }, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw fail('ITEM_FOUND', { message: 'A note exists; update it instead.' });
    throw error;
  }
  return item;
}

/** Replaces the text of an existing note; none yet → ITEM_NOT_FOUND (4). */
export async function updateNote(input: { writerEntityId: number; aboutEntityId: number; note: string; userId: string; at: string }): Promise<NoteItem> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.note(input.writerEntityId, input.aboutEntityId),
        UpdateExpression: 'SET note = :note, updatedAt = :at, updatedByUserId = :userId',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':note': input.note, ':at': input.at, ':userId': input.userId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes as NoteItem;
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw fail('ITEM_NOT_FOUND');
    throw error;
  }
}
