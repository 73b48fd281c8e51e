import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { EntityAddress, EntityAddressRequest, UpdateEntityRequest } from '../../../shared/contracts/entities';
import { EntityRole, EntityType, entityTypeIds, type AddressType, type EntityRoleId, type EntityTypeId } from '../../../shared/enums';
import { domainHost, messageKeys } from '../../../shared/validation';
import { fail, isConditionalCheckFailure, transactionCancellationReasons } from '../errors';
import { batchGetItems } from './batch';
import { db, tableName } from './client';
import { keys, newId } from './keys';
import { putNewMember } from './members';
import { ChangedMeanwhile } from './retry';

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
  /** Shipping and billing address, at most one of each, on the profile item. */
  addresses?: Partial<Record<AddressType, EntityAddress>>;
  ownerCount: number;
  adminCount: number;
  createdAt: string;
  createdByUserId: string;
  /** Advisor companies: every member must sign in with a second factor (docs/product/sessions-and-sign-in.md#two-factor-sign-in; owner only). */
  requireTwoFactor?: boolean;
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
    addresses: {},
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

/** A new entity and its first owner: the two puts of a transaction (signup adds the account to them). */
export function newEntityWithOwner(input: { id: number; entityTypeId: EntityTypeId; entityName: string; canvasName?: string; userId: string; at: string }): TransactWriteItem[] {
  return [
    putNewEntity({ id: input.id, entityTypeId: input.entityTypeId, entityName: input.entityName, canvasName: input.canvasName, createdByUserId: input.userId, at: input.at }),
    putNewMember({ entityId: input.id, entityTypeId: input.entityTypeId, userId: input.userId, entityRoleId: EntityRole.Owner, at: input.at }),
  ];
}

/** Several entities by id, in one BatchGet (missing ones are left out). */
export async function getEntities(entityIds: readonly number[]): Promise<Map<number, EntityItem>> {
  const items = await batchGetItems<EntityItem>([...new Set(entityIds)].map((id) => keys.entity(id)));
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * The entity-item update that keeps ownerCount and adminCount right when a member's role
 * goes from `fromRoleId` (null: a new member) to `toRoleId` (null: removed). Leaving the
 * owner or admin role carries the last-holder guard: the counter must be above one.
 * Answers a plain existence check when no counter changes, so the transaction still
 * fails for an entity that does not exist.
 */
export function roleCounterChange(entityId: number, fromRoleId: EntityRoleId | null, toRoleId: EntityRoleId | null): TransactWriteItem {
  const counterOf = (role: EntityRoleId | null) => (role === EntityRole.Owner ? 'ownerCount' : role === EntityRole.Admin ? 'adminCount' : null);
  const from = counterOf(fromRoleId);
  const to = counterOf(toRoleId);
  if (from === to) {
    return { ConditionCheck: { TableName: tableName(), Key: keys.entity(entityId), ConditionExpression: 'attribute_exists(PK)' } };
  }
  const sets: string[] = [];
  const values: Record<string, number> = { ':one': 1 };
  const conditions = ['attribute_exists(PK)'];
  if (from) {
    sets.push(`${from} = ${from} - :one`);
    conditions.push(`${from} > :one`);
  }
  if (to) sets.push(`${to} = if_not_exists(${to}, :zero) + :one`);
  if (to) values[':zero'] = 0;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.entity(entityId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  };
}

/** An item written alongside an entity change (a renamed family's relations) changed meanwhile: read again. */
export class RelationsChangedMeanwhile extends ChangedMeanwhile {}

/**
 * Changes the entity's information (absent fields stay, null clears). A new domain is
 * claimed through its DOMAIN# guard item in the same transaction, so two entities never
 * hold one domain (DOMAIN_EXISTS, 50); the old claim is released. Returns the new item.
 */
export async function updateEntityInfo(entity: EntityItem, changes: UpdateEntityRequest, alongside: readonly TransactWriteItem[] = []): Promise<EntityItem> {
  const fields: Array<keyof UpdateEntityRequest> = ['entityName', 'canvasName', 'domain', 'vatNumber', 'email', 'phone'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const field of fields) {
    if (changes[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
    sets.push(`#${field} = :${field}`);
  }
  if (!sets.length) return entity;

  const oldHost = entity.domain ? domainHost(entity.domain) : null;
  const newHost = changes.domain === undefined ? oldHost : changes.domain === null ? null : domainHost(changes.domain);
  const isDomainClaimChanging = newHost !== oldHost;
  if (isDomainClaimChanging) {
    // The claim released below is the one read: a concurrent domain change makes this fail.
    names['#domainRead'] = 'domain';
    if (entity.domain) values[':domainRead'] = entity.domain;
    else values[':nullType'] = 'NULL';
  }
  const transactItems: TransactWriteItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.entity(entity.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: isDomainClaimChanging
          ? entity.domain
            ? 'attribute_exists(PK) AND #domainRead = :domainRead'
            : 'attribute_exists(PK) AND (attribute_not_exists(#domainRead) OR attribute_type(#domainRead, :nullType))'
          : 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (isDomainClaimChanging) {
    if (newHost) {
      transactItems.push({
        Put: {
          TableName: tableName(),
          Item: { ...keys.domain(newHost), type: 'DomainClaim', host: newHost, entityId: entity.id },
          ConditionExpression: 'attribute_not_exists(PK) OR entityId = :entityId',
          ExpressionAttributeValues: { ':entityId': entity.id },
        },
      });
    }
    if (oldHost) {
      transactItems.push({
        Delete: { TableName: tableName(), Key: keys.domain(oldHost), ConditionExpression: 'attribute_not_exists(PK) OR entityId = :entityId', ExpressionAttributeValues: { ':entityId': entity.id } },
      });
    }
  }
  const ownItems = transactItems.length;
  transactItems.push(...alongside);
  try {
    await db().send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    const reasons = transactionCancellationReasons(error);
    if (!reasons) throw error;
    if (reasons.slice(ownItems).includes('ConditionalCheckFailed')) throw new RelationsChangedMeanwhile();
    if (reasons[1] === 'ConditionalCheckFailed' && newHost) throw fail('DOMAIN_EXISTS', { errors: { domain: [messageKeys.invalidInput] } });
    if (reasons[0] === 'ConditionalCheckFailed') throw fail('ITEM_FOUND', { message: 'The entity changed meanwhile; reload and try again.' });
    throw error;
  }
  const updated = await getEntity(entity.id);
  if (!updated) throw fail('ITEM_NOT_FOUND');
  return updated;
}

/**
 * Adds or replaces the entity's address of one type (one shipping, one billing). Adding a
 * type that exists answers ITEM_FOUND (9); replacing by id may change the type only to one
 * that is free. Conditions on the item make both safe against concurrent edits.
 */
export async function saveEntityAddress(entityId: number, input: EntityAddressRequest, addressId?: string): Promise<EntityAddress> {
  const address: EntityAddress = { id: addressId ?? newId(), ...input };
  const entity = await getEntity(entityId);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const current = Object.values(entity.addresses ?? {}).find((a) => a?.id === addressId);
  if (addressId && !current) throw fail('ITEM_NOT_FOUND');
  const names: Record<string, string> = { '#addresses': 'addresses', '#type': input.type };
  const values: Record<string, unknown> = { ':address': address };
  let update = 'SET #addresses.#type = :address';
  let condition = 'attribute_exists(PK) AND attribute_not_exists(#addresses.#type)';
  if (current) names['#id'] = 'id';
  if (current && current.type === input.type) {
    condition = 'attribute_exists(PK) AND #addresses.#type.#id = :id';
    values[':id'] = current.id;
  } else if (current) {
    names['#oldType'] = current.type;
    values[':id'] = current.id;
    update += ' REMOVE #addresses.#oldType';
    condition += ' AND #addresses.#oldType.#id = :id';
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(entityId),
        // Entities created before addresses existed have no map yet: start it.
        UpdateExpression: entity.addresses ? update : 'SET #addresses = :map',
        ConditionExpression: entity.addresses ? condition : 'attribute_exists(PK) AND attribute_not_exists(#addresses)',
        ExpressionAttributeNames: entity.addresses ? names : { '#addresses': 'addresses' },
        ExpressionAttributeValues: entity.addresses ? values : { ':map': { [input.type]: address } },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw fail('ITEM_FOUND', { errors: { type: [messageKeys.invalidInput] }, message: `The entity already has a ${input.type.toLowerCase()} address.` });
    throw error;
  }
  return address;
}

/** The entity's addresses, shipping first. */
export function entityAddresses(entity: EntityItem): EntityAddress[] {
  const map = entity.addresses ?? {};
  return [map.Shipping, map.Billing].filter((a): a is EntityAddress => Boolean(a));
}
