import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure, transactionCancellationReasons } from '../errors';
import { getEntity } from './entities';
import { WorkRelationRole, type WorkRelationRoleId } from '../../../shared/enums';
import { now } from '../clock';
import type { SectionItem } from '../../domain/canvas/items';
import { batchDelete } from './batch';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query';

/**
 * Work relations live in the family's canvas partition, so the one canvas Query that
 * serves GET /canvas also carries what an advisor's access is checked against:
 * - C#ACCESS#<advisorId>: the advisor company may work on this family's canvas, limited
 *   to `sharedSectionIds` (empty = all sections). GSI1 lists the families of an advisor.
 * - C#WRMEMBER#<advisorId>#<userId>: one advisor's canvas role for this family; without
 *   it the default role applies (shared/permissions.ts defaultWorkRelationRoleId).
 */
export type WorkRelationItem = {
  type: 'WorkRelation';
  familyId: number;
  advisorId: number;
  sharedSectionIds: number[];
  createdAt: string;
  /** The family's name as the dashboard shows it; GSI1SK orders by it (keys.familyByName). A rename rewrites both. */
  familyName?: string;
  /** Time-boxed access: the last day (YYYY-MM-DD, UTC, inclusive) the company has access; absent or null: no end. */
  accessUntil?: string | null;
};

/** The access-expiry job's entry for a relation with an end date (keys.accessExpiry). */
export type AccessExpiryItem = {
  type: 'AccessExpiry';
  familyId: number;
  advisorId: number;
  accessUntil: string;
  /** When the 7-day warning went out for this end date (once; a new end date is a new item). */
  warnedAt?: string;
};

export type WorkRelationMemberItem = {
  type: 'WorkRelationMember';
  familyId: number;
  advisorId: number;
  userId: string;
  workRelationRoleId: WorkRelationRoleId;
  updatedAt: string;
};

function workRelationItem(familyId: number, advisorId: number, sharedSectionIds: readonly number[], familyName: string, accessUntil: string | null = null) {
  const item: WorkRelationItem = {
    type: 'WorkRelation',
    familyId,
    advisorId,
    sharedSectionIds: [...sharedSectionIds],
    createdAt: now().toISOString(),
    familyName,
    ...(accessUntil ? { accessUntil } : {}),
  };
  return { ...keys.workRelation(familyId, advisorId), ...keys.familiesOfAdvisor(advisorId), GSI1SK: keys.familyByName(familyName, familyId), ...item };
}

/**
 * Counts a new relation in the advisor company's family count (the dashboard's `count`), as
 * one item of the relation's own transaction. Whoever deletes a relation item adds -1 the
 * same way (`familyCountOp(advisorId, -1)`); the dashboard also corrects the count on its
 * last page, so a missed decrement never shows.
 */
export function familyCountOp(advisorId: number, delta: 1 | -1): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.familyCount(advisorId),
      UpdateExpression: 'SET #type = :type ADD #count :delta',
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: { ':type': 'FamilyCount', ':delta': delta },
    },
  };
}

/**
 * The relations of a family get its new name (GSI1SK and familyName), as items of the
 * rename's transaction; a relation deleted meanwhile is not brought back (the transaction
 * then fails and the rename is tried again).
 */
export function renameFamilyInRelationsOps(familyId: number, relations: readonly WorkRelationItem[], familyName: string): TransactWriteItem[] {
  return relations.map((relation) => ({
    Update: {
      TableName: tableName(),
      Key: keys.workRelation(familyId, relation.advisorId),
      UpdateExpression: 'SET GSI1SK = :sk, familyName = :name',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':sk': keys.familyByName(familyName, familyId), ':name': familyName },
    },
  }));
}

function workRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId) {
  const item: WorkRelationMemberItem = { type: 'WorkRelationMember', familyId, advisorId, userId, workRelationRoleId, updatedAt: now().toISOString() };
  return { ...keys.workRelationMember(familyId, advisorId, userId), ...item };
}

/**
 * A new work relation, as one item of a transaction (fails when the relation exists): count
 * it with familyCountOp in the same one, and with an end date add putAccessExpiry too.
 */
export function putNewWorkRelation(familyId: number, advisorId: number, sharedSectionIds: readonly number[], familyName: string, accessUntil: string | null = null): TransactWriteItem {
  return { Put: { TableName: tableName(), Item: workRelationItem(familyId, advisorId, sharedSectionIds, familyName, accessUntil), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** Creates or replaces the work relation of a family with an advisor company (tests, the bench; no end date); the family's name is read when not given. */
export async function putWorkRelation(familyId: number, advisorId: number, sharedSectionIds: readonly number[], familyName?: string): Promise<void> {
  const name = familyName ?? (await getEntity(familyId))?.entityName ?? '';
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [putNewWorkRelation(familyId, advisorId, sharedSectionIds, name), familyCountOp(advisorId, 1)] }));
  } catch (error) {
    if (transactionCancellationReasons(error)?.[0] !== 'ConditionalCheckFailed') throw error;
    await db().send(new PutCommand({ TableName: tableName(), Item: workRelationItem(familyId, advisorId, sharedSectionIds, name) }));
  }
}

// ---- time-boxed access ------------------------------------------------------------------------

/** The access-expiry entry of a relation's end date, as one item of a transaction. */
export function putAccessExpiry(familyId: number, advisorId: number, accessUntil: string): TransactWriteItem {
  const item: AccessExpiryItem = { type: 'AccessExpiry', familyId, advisorId, accessUntil };
  return { Put: { TableName: tableName(), Item: { ...keys.accessExpiry(accessUntil, familyId, advisorId), ...item } } };
}

/** Removes the access-expiry entry of an end date, as one item of a transaction. */
export function deleteAccessExpiry(familyId: number, advisorId: number, accessUntil: string): TransactWriteItem {
  return { Delete: { TableName: tableName(), Key: keys.accessExpiry(accessUntil, familyId, advisorId) } };
}

/** Sets (a day) or clears (null) the end of a relation's access, as one item of a transaction; the relation must exist. */
export function updateAccessUntil(familyId: number, advisorId: number, accessUntil: string | null): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.workRelation(familyId, advisorId),
      UpdateExpression: accessUntil ? 'SET accessUntil = :day' : 'REMOVE accessUntil',
      ConditionExpression: 'attribute_exists(PK)',
      ...(accessUntil ? { ExpressionAttributeValues: { ':day': accessUntil } } : {}),
    },
  };
}

/** Access-expiry entries whose end day is in [fromDay, toDay] (either open): one paginated Query of their partition. */
export async function listAccessExpiries(range: { fromDay?: string; toDay?: string }): Promise<AccessExpiryItem[]> {
  const low = range.fromDay ?? '0000-00-00';
  // '#' sorts before digits: `${day}#~` is after every entry of that day.
  const high = `${range.toDay ?? '9999-12-31'}#~`;
  return queryAll<AccessExpiryItem>({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :low AND :high',
    ExpressionAttributeValues: { ':pk': keys.accessExpiryPartition, ':low': low, ':high': high },
    ConsistentRead: true,
  });
}

/** Marks the 7-day warning of an end date as sent; false when it was already (or the entry is gone). */
export async function takeAccessExpiryWarning(entry: Pick<AccessExpiryItem, 'familyId' | 'advisorId' | 'accessUntil'>, at: Date): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.accessExpiry(entry.accessUntil, entry.familyId, entry.advisorId),
        UpdateExpression: 'SET warnedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(warnedAt)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives a warning back after its mail failed, so the next run sends it. */
export async function releaseAccessExpiryWarning(entry: Pick<AccessExpiryItem, 'familyId' | 'advisorId' | 'accessUntil'>): Promise<void> {
  await db().send(
    new UpdateCommand({ TableName: tableName(), Key: keys.accessExpiry(entry.accessUntil, entry.familyId, entry.advisorId), UpdateExpression: 'REMOVE warnedAt' }),
  );
}

/** Removes an entry left behind (its relation ended, or its date changed): outside a transaction. */
export async function forgetAccessExpiry(entry: Pick<AccessExpiryItem, 'familyId' | 'advisorId' | 'accessUntil'>): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.accessExpiry(entry.accessUntil, entry.familyId, entry.advisorId) }));
}

// ---- ending a relation ------------------------------------------------------------------------

/** The relation item deleted, only while it exists, as one item of a transaction. */
export function deleteWorkRelationItem(familyId: number, advisorId: number): TransactWriteItem {
  return { Delete: { TableName: tableName(), Key: keys.workRelation(familyId, advisorId), ConditionExpression: 'attribute_exists(PK)' } };
}

/** The canvas roles a family gave to the advisors of one company: Query `C#WRMEMBER#<advisorId>#`. */
export async function listWorkRelationMembersOfCompany(familyId: number, advisorId: number): Promise<WorkRelationMemberItem[]> {
  return queryCanvasPrefix<WorkRelationMemberItem>(familyId, `${keys.workRelationMemberPrefix}${advisorId}#`);
}

function sharedSectionsUpdate(familyId: number, advisorId: number, sharedSectionIds: readonly number[]) {
  return {
    TableName: tableName(),
    Key: keys.workRelation(familyId, advisorId),
    UpdateExpression: 'SET sharedSectionIds = :ids',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':ids': [...sharedSectionIds] },
  };
}

/** Sets the sections a family shares with an advisor company (empty = all) on an existing relation, as one item of a transaction. */
export function updateSharedSections(familyId: number, advisorId: number, sharedSectionIds: readonly number[]): TransactWriteItem {
  return { Update: sharedSectionsUpdate(familyId, advisorId, sharedSectionIds) };
}

/** Creates or replaces one advisor's canvas role for a family. */
export async function putWorkRelationMember(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: workRelationMemberItem(familyId, advisorId, userId, workRelationRoleId) }));
}

/** One advisor's canvas role for a family, as one item of a transaction. */
export function putWorkRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): TransactWriteItem {
  return { Put: { TableName: tableName(), Item: workRelationMemberItem(familyId, advisorId, userId, workRelationRoleId) } };
}

/** Clears the shared sections of one relation (canvas reset): the advisor sees every section again. */
export async function clearSharedSections(familyId: number, advisorId: number): Promise<void> {
  await db().send(new UpdateCommand(sharedSectionsUpdate(familyId, advisorId, [])));
}

/** The work relation of a family with an advisor company, if any. */
export async function getWorkRelation(familyId: number, advisorId: number): Promise<WorkRelationItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.workRelation(familyId, advisorId) }));
  return result.Item as WorkRelationItem | undefined;
}

/** Items of one SK prefix in a family's canvas partition: one paginated Query. */
async function queryCanvasPrefix<T>(familyId: number, prefix: string): Promise<T[]> {
  const items = await queryAll<T>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.canvasPartition(familyId), ':prefix': prefix },
    ConsistentRead: true,
  });
  return items;
}

/** The advisor companies working for a family: Query `C#ACCESS#` of its canvas partition. */
export async function listWorkRelationsOfFamily(familyId: number): Promise<WorkRelationItem[]> {
  return queryCanvasPrefix<WorkRelationItem>(familyId, keys.workRelationPrefix);
}

/** The canvas roles a family gave to advisors: Query `C#WRMEMBER#` of its canvas partition. */
export async function listWorkRelationMembersOfFamily(familyId: number): Promise<WorkRelationMemberItem[]> {
  return queryCanvasPrefix<WorkRelationMemberItem>(familyId, keys.workRelationMemberPrefix);
}

/** The sections of a family's canvas (none without a canvas), in sequence order: Query `C#SECTION#`. */
export async function listCanvasSections(familyId: number): Promise<SectionItem[]> {
  const sections = await queryCanvasPrefix<SectionItem>(familyId, keys.sectionPrefix);
  return sections.sort((a, b) => a.sequenceNumber - b.sequenceNumber);
}

/** The families an advisor company works for: one paginated Query on GSI1 (`ADVISOR#<id>#FAMILIES`). */
export async function listFamiliesOfAdvisor(advisorId: number): Promise<WorkRelationItem[]> {
  const items = await queryAll<WorkRelationItem>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.familiesOfAdvisor(advisorId).GSI1PK },
  });
  return items;
}

/**
 * The families of an advisor company in name order (GSI1SK `NAME#…`), optionally those
 * whose name starts with `search`; at most `limit` (all without). One Query round trip per
 * 1 MB: relation items are small, so one for any dashboard page.
 */
export async function listFamiliesOfAdvisorByName(advisorId: number, options: { search?: string; limit?: number } = {}): Promise<WorkRelationItem[]> {
  const input = {
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.familiesOfAdvisor(advisorId).GSI1PK, ':prefix': keys.familyByNamePrefix(options.search ?? '') },
  };
  return queryAll<WorkRelationItem>(input, { limit: options.limit });
}

/** Gives an advisor a canvas role only while they have no access (no role, or 'none'), as one item of a transaction. */
export function putNewWorkRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): TransactWriteItem {
  return {
    Put: {
      TableName: tableName(),
      Item: workRelationMemberItem(familyId, advisorId, userId, workRelationRoleId),
      ConditionExpression: 'attribute_not_exists(PK) OR workRelationRoleId = :none',
      ExpressionAttributeValues: { ':none': WorkRelationRole.None },
    },
  };
}

/** Forgets an advisor's stored canvas role (the default role applies again), as one item of a transaction. */
export function deleteWorkRelationMemberItem(familyId: number, advisorId: number, userId: string): TransactWriteItem {
  return { Delete: { TableName: tableName(), Key: keys.workRelationMember(familyId, advisorId, userId) } };
}

/**
 * Forgets an advisor's canvas roles at every family their company works for (the advisor
 * left the company): one GSI1 Query of the company's families, then batched deletes.
 */
export async function deleteWorkRelationMembersOfAdvisor(advisorId: number, userId: string): Promise<void> {
  const families = await listFamiliesOfAdvisor(advisorId);
  await batchDelete(families.map((relation) => keys.workRelationMember(relation.familyId, advisorId, userId)));
}
