import { GetCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { EntityType, entityTypeIds, type EntityTypeId } from '../../../shared/enums';
import { messageKeys } from '../../../shared/validation';
import { fail } from '../errors';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Entities, families and advisor companies (ENTITY#id / PROFILE). Ids are numbers from an
 * atomic counter; a transaction that fails after taking one leaves a harmless gap.
 * ownerCount and adminCount are kept with every role change so the last owner or admin
 * can be guarded by a condition on this item.
 */
export type EntityItem = {
  type: 'Entity';
  id: number;
  entityTypeId: EntityTypeId;
  entityName: string;
  /** Families only. */
  canvasName: string | null;
  domain: string | null;
  vatNumber: string | null;
  email: string | null;
  phone: string | null;
  ownerCount: number;
  adminCount: number;
  createdAt: string;
  createdByUserId: string;
};

/** A valid entity type id, or INVALID_ENTITY_TYPE (11) naming the field. */
export function requireEntityTypeId(value: number | undefined, field: string): EntityTypeId {
  const found = entityTypeIds.find((id) => id === value);
  if (found === undefined) throw fail('INVALID_ENTITY_TYPE', { errors: { [field]: [messageKeys.invalidInput] } });
  return found;
}

/** The default canvas name of a new family. */
export function defaultCanvasName(entityName: string): string {
  return `${entityName} Canvas`;
}

/** Takes the next entity id from the counter (one atomic ADD). */
export async function allocateEntityId(): Promise<number> {
  const result = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entityCounter(),
      UpdateExpression: 'ADD lastId :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.lastId);
}

/** A new entity with its first owner counted, as one item of a transaction. */
export function putNewEntity(input: { id: number; entityTypeId: EntityTypeId; entityName: string; canvasName?: string; createdByUserId: string; at: string }): TransactWriteItem {
  const entity: EntityItem = {
    type: 'Entity',
    id: input.id,
    entityTypeId: input.entityTypeId,
    entityName: input.entityName,
    canvasName: input.entityTypeId === EntityType.Family ? (input.canvasName ?? defaultCanvasName(input.entityName)) : null,
    domain: null,
    vatNumber: null,
    email: null,
    phone: null,
    ownerCount: 1,
    adminCount: 0,
    createdAt: input.at,
    createdByUserId: input.createdByUserId,
  };
  return { Put: { TableName: tableName(), Item: { ...keys.entity(input.id), ...entity }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getEntity(entityId: number): Promise<EntityItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(entityId) }));
  return result.Item as EntityItem | undefined;
}
