import { PutCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { WorkRelationRoleId } from '../../../shared/enums';
import { now } from '../clock';
import { db, tableName } from './client';
import { keys } from './keys';

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
