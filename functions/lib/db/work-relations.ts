import { GetCommand, PutCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { WorkRelationRole, type WorkRelationRoleId } from '../../../shared/enums';
import { now } from '../clock';
import { batchDelete, type SectionItem } from './canvas';
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
};

export type WorkRelationMemberItem = {
  type: 'WorkRelationMember';
  familyId: number;
  advisorId: number;
  userId: string;
  workRelationRoleId: WorkRelationRoleId;
  updatedAt: string;
};

function workRelationItem(familyId: number, advisorId: number, sharedSectionIds: readonly number[]) {
  const item: WorkRelationItem = { type: 'WorkRelation', familyId, advisorId, sharedSectionIds: [...sharedSectionIds], createdAt: now().toISOString() };
  return { ...keys.workRelation(familyId, advisorId), ...keys.familiesOfAdvisor(advisorId), GSI1SK: `FAMILY#${familyId}`, ...item };
}

function workRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId) {
  const item: WorkRelationMemberItem = { type: 'WorkRelationMember', familyId, advisorId, userId, workRelationRoleId, updatedAt: now().toISOString() };
  return { ...keys.workRelationMember(familyId, advisorId, userId), ...item };
}

/** A new work relation, as one item of a transaction (fails when the relation exists). */
export function putNewWorkRelation(familyId: number, advisorId: number, sharedSectionIds: readonly number[]): TransactWriteItem {
  return { Put: { TableName: tableName(), Item: workRelationItem(familyId, advisorId, sharedSectionIds), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** Creates or replaces the work relation of a family with an advisor company. */
export async function putWorkRelation(familyId: number, advisorId: number, sharedSectionIds: readonly number[]): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: workRelationItem(familyId, advisorId, sharedSectionIds) }));
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
