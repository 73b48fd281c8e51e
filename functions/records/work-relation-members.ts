import { WorkRelationRole, type WorkRelationRoleId } from '../../shared/enums';
import { now } from '../lib/clock';
import { keys } from '../lib/db/keys';
import { sendWrite, type Write, batchDelete } from '../lib/db/table';
import { listFamiliesOfAdvisor, queryCanvasPrefix, type WorkRelationMemberItem } from './work-relations';

export type { WorkRelationMemberItem } from './work-relations';

function workRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId) {
  const item: WorkRelationMemberItem = { type: 'WorkRelationMember', familyId, advisorId, userId, workRelationRoleId, updatedAt: now().toISOString() };
  return { ...keys.workRelationMember(familyId, advisorId, userId), ...item };
}

function putRoleWrite(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): Write {
  return { put: workRelationMemberItem(familyId, advisorId, userId, workRelationRoleId) };
}

/** Creates or replaces one advisor's canvas role for a family. */
export async function putWorkRelationMember(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): Promise<void> {
  await sendWrite(putRoleWrite(familyId, advisorId, userId, workRelationRoleId));
}

/** One advisor's canvas role for a family, as one item of a transaction. */
export function putWorkRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): Write {
  return putRoleWrite(familyId, advisorId, userId, workRelationRoleId);
}

/** Gives an advisor a canvas role only while they have no access (no role, or 'none'), as one item of a transaction. */
export function putNewWorkRelationMemberItem(familyId: number, advisorId: number, userId: string, workRelationRoleId: WorkRelationRoleId): Write {
  return {
    put: workRelationMemberItem(familyId, advisorId, userId, workRelationRoleId),
    condition: { expression: 'attribute_not_exists(PK) OR #workRelationRoleId = :none', values: { ':none': WorkRelationRole.None } },
  };
}

/** Forgets an advisor's stored canvas role (the default role applies again), as one item of a transaction. */
export function deleteWorkRelationMemberItem(familyId: number, advisorId: number, userId: string): Write {
  return { delete: keys.workRelationMember(familyId, advisorId, userId) };
}

/** Forgets the canvas roles of these advisors of one company at one family, outside a transaction (batched deletes). */
export async function deleteWorkRelationMembers(familyId: number, advisorId: number, userIds: readonly string[]): Promise<void> {
  await batchDelete(userIds.map((userId) => keys.workRelationMember(familyId, advisorId, userId)));
}

/** The canvas roles a family gave to the advisors of one company: Query `C#WRMEMBER#<advisorId>#`. */
export async function listWorkRelationMembersOfCompany(familyId: number, advisorId: number): Promise<WorkRelationMemberItem[]> {
  return queryCanvasPrefix<WorkRelationMemberItem>(familyId, `${keys.workRelationMemberPrefix}${advisorId}#`);
}

/** The canvas roles a family gave to advisors: Query `C#WRMEMBER#` of its canvas partition. */
export async function listWorkRelationMembersOfFamily(familyId: number): Promise<WorkRelationMemberItem[]> {
  return queryCanvasPrefix<WorkRelationMemberItem>(familyId, keys.workRelationMemberPrefix);
}

/**
 * Forgets an advisor's canvas roles at every family their company works for (the advisor
 * left the company): one GSI1 Query of the company's families, then batched deletes.
 */
export async function deleteWorkRelationMembersOfAdvisor(advisorId: number, userId: string): Promise<void> {
  const families = await listFamiliesOfAdvisor(advisorId);
  await batchDelete(families.map((relation) => keys.workRelationMember(relation.familyId, advisorId, userId)));
}
