import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityAddress, EntityAddressRequest, UpdateEntityRequest } from '../../shared/contracts/entities';
import { EntityRole, EntityType, entityTypeIds, type AddressType, type EntityRoleId, type EntityTypeId } from '../../shared/enums';
import { domainHost, messageKeys } from '../../shared/validation-keys';
import { fail } from '../lib/errors';
import { batchGetItems, ChangedMeanwhile } from '../lib/db/table';
import { db, tableName } from '../lib/db/client';
import { keys, newId } from '../lib/db/keys';
import { ConditionFailed, itemExists, itemIsNew, sendWrite, transactWrites, type Condition, type Key, type UpdateSpec, type Write } from '../lib/db/table';
import { newMemberWrite, type MemberItem } from './members';

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

/** The highest entity id handed out so far: ids run from 1 to it (the cards job walks them, functions/domain/canvas/repair-summaries.ts). */
export async function lastEntityId(): Promise<number> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entityCounter(), ConsistentRead: true }));
  return Number(result.Item?.lastId ?? 0);
}

/** Takes the next entity id from the counter (one atomic ADD). */
export async function allocateEntityId(): Promise<number> {
  const attributes = await sendWrite({ update: keys.entityCounter(), spec: { add: { lastId: 1 } } });
  return Number(attributes?.lastId);
}

export type NewEntityInput = { id: number; entityTypeId: EntityTypeId; entityName: string; canvasName?: string; userId: string; at: string };

/** The item of a new entity with its first owner counted. */
export function newEntityItem(input: NewEntityInput): EntityItem {
  return {
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
    createdByUserId: input.userId,
  };
}

/**
 * A new entity and its first owner: the two puts of a transaction (signup adds the account
 * to them), with the entity and membership items they store.
 */
export function newEntityWithOwner(input: NewEntityInput): { writes: Array<Write<'newEntity' | 'newMember'>>; entity: EntityItem; member: MemberItem } {
  const entity = newEntityItem(input);
  const { write, member } = newMemberWrite({
    entityId: input.id,
    entityTypeId: input.entityTypeId,
    userId: input.userId,
    entityRoleId: EntityRole.Owner,
    at: input.at,
  });
  return {
    writes: [
      { put: { ...keys.entity(input.id), ...entity }, condition: itemIsNew, name: 'newEntity' },
      { ...write, name: 'newMember' },
    ],
    entity,
    member,
  };
}

export async function getEntity(entityId: number): Promise<EntityItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(entityId) }));
  return result.Item as EntityItem | undefined;
}

/** Several entities by id, in one BatchGet (missing ones are left out). */
export async function getEntities(entityIds: readonly number[]): Promise<Map<number, EntityItem>> {
  const items = await batchGetItems<EntityItem>([...new Set(entityIds)].map((id) => keys.entity(id)));
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * Entities by id and, in the same BatchGet, other items a page needs beside them (a work
 * relation, a canvas role, a user), so it costs one round trip: the entities by id, the
 * other items as read (missing ones left out), for the caller to tell apart by `type`.
 */
export async function getEntitiesWithItems(
  entityIds: readonly number[],
  otherKeys: readonly Key[],
): Promise<{ entities: Map<number, EntityItem>; others: Array<Record<string, unknown>> }> {
  const items = await batchGetItems<Record<string, unknown>>([...[...new Set(entityIds)].map((id) => keys.entity(id)), ...otherKeys]);
  const entities = new Map<number, EntityItem>();
  const others: Array<Record<string, unknown>> = [];
  for (const item of items) {
    if (item.type === 'Entity') entities.set((item as EntityItem).id, item as EntityItem);
    else others.push(item);
  }
  return { entities, others };
}

/**
 * The entity-item write that keeps ownerCount and adminCount right when a member's role
 * goes from `fromRoleId` (null: a new member) to `toRoleId` (null: removed). Leaving the
 * owner or admin role carries the last-holder guard: the counter must be above one.
 * A plain existence check when no counter changes, so the transaction still fails for an
 * entity that does not exist.
 */
export function roleCounterChange<Name extends string>(
  entityId: number,
  fromRoleId: EntityRoleId | null,
  toRoleId: EntityRoleId | null,
  name?: Name,
): Write<Name> {
  const counterOf = (role: EntityRoleId | null) => (role === EntityRole.Owner ? 'ownerCount' : role === EntityRole.Admin ? 'adminCount' : null);
  const from = counterOf(fromRoleId);
  const to = counterOf(toRoleId);
  if (from === to) return { check: keys.entity(entityId), condition: itemExists, name };
  const add: Record<string, number> = {};
  if (from) add[from] = -1;
  if (to) add[to] = 1;
  const condition: Condition = from ? { expression: `attribute_exists(PK) AND ${from} > :one`, values: { ':one': 1 } } : itemExists;
  return { update: keys.entity(entityId), spec: { add }, condition, name };
}

/** An item written alongside an entity change (a renamed family's relations) changed meanwhile: read again. */
export class RelationsChangedMeanwhile extends ChangedMeanwhile {}

type InfoWrite = 'relation' | 'domainClaim' | 'entity' | 'domainRelease';

/**
 * Changes the entity's information (absent fields stay, null clears). A new domain is
 * claimed through its DOMAIN# guard item in the same transaction, so two entities never
 * hold one domain (DOMAIN_EXISTS, 50); the old claim is released. `alongside` (a renamed
 * family's relations) failing its condition → RelationsChangedMeanwhile. Returns the new item.
 */
export async function updateEntityInfo(entity: EntityItem, changes: UpdateEntityRequest, alongside: readonly Write[] = []): Promise<EntityItem> {
  const fields: Array<keyof UpdateEntityRequest> = ['entityName', 'canvasName', 'domain', 'vatNumber', 'email', 'phone'];
  const set: Record<string, unknown> = {};
  for (const field of fields) if (changes[field] !== undefined) set[field] = changes[field];
  if (!Object.keys(set).length) return entity;

  const oldHost = entity.domain ? domainHost(entity.domain) : null;
  const newHost = changes.domain === undefined ? oldHost : changes.domain === null ? null : domainHost(changes.domain);
  const isDomainClaimChanging = newHost !== oldHost;
  // The claim released below is the one read: a concurrent domain change makes this fail.
  const condition: Condition = !isDomainClaimChanging
    ? itemExists
    : entity.domain
      ? { expression: 'attribute_exists(PK) AND #domain = :domainRead', values: { ':domainRead': entity.domain } }
      : { expression: 'attribute_exists(PK) AND (attribute_not_exists(#domain) OR attribute_type(#domain, :nullType))', values: { ':nullType': 'NULL' } };
  const claimedByThisEntity: Condition = { expression: 'attribute_not_exists(PK) OR entityId = :entityId', values: { ':entityId': entity.id } };
  // The first failed condition names the answer: the relations, then the new claim, then the entity.
  const writes: Array<Write<InfoWrite> | Write<InfoWrite>> = [
    ...alongside.map((write) => ({ ...write, name: 'relation' as const })),
    ...(isDomainClaimChanging && newHost
      ? [
          {
            put: { ...keys.domain(newHost), type: 'DomainClaim', host: newHost, entityId: entity.id },
            condition: claimedByThisEntity,
            name: 'domainClaim' as const,
          },
        ]
      : []),
    { update: keys.entity(entity.id), spec: { set }, condition, name: 'entity' },
    ...(isDomainClaimChanging && oldHost ? [{ delete: keys.domain(oldHost), condition: claimedByThisEntity, name: 'domainRelease' as const }] : []),
  ];
  await transactWrites(writes, {
    relation: () => new RelationsChangedMeanwhile(),
    domainClaim: () => fail('DOMAIN_EXISTS', { errors: { domain: [messageKeys.invalidInput] } }),
    entity: () => new ChangedMeanwhile(),
  });
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
  let spec: UpdateSpec = { set: { [`addresses.${input.type}`]: address } };
  let condition: Condition = { expression: `attribute_exists(PK) AND attribute_not_exists(#addresses.#${input.type})` };
  if (current && current.type === input.type) {
    condition = { expression: `attribute_exists(PK) AND #addresses.#${input.type}.#id = :id`, values: { ':id': current.id } };
  } else if (current) {
    spec = { ...spec, remove: [`addresses.${current.type}`] };
    condition = { expression: `${condition.expression} AND #addresses.#${current.type}.#id = :id`, values: { ':id': current.id } };
  }
  if (!entity.addresses) {
    // Entities created before addresses existed have no map yet: start it.
    spec = { set: { addresses: { [input.type]: address } } };
    condition = { expression: 'attribute_exists(PK) AND attribute_not_exists(#addresses)' };
  }
  try {
    await sendWrite({ update: keys.entity(entityId), spec, condition });
  } catch (error) {
    if (error instanceof ConditionFailed)
      throw fail('ITEM_FOUND', { errors: { type: [messageKeys.invalidInput] }, message: `The entity already has a ${input.type.toLowerCase()} address.` });
    throw error;
  }
  return address;
}

/** The entity's addresses, shipping first. */
export function entityAddresses(entity: EntityItem): EntityAddress[] {
  const map = entity.addresses ?? {};
  return [map.Shipping, map.Billing].filter((a): a is EntityAddress => Boolean(a));
}
