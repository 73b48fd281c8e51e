import { expect } from 'vitest';
import type { Canvas, CategoryResponse } from '../../shared/contracts/canvas';
import { EntityRole, EntityType, type EntityRoleId, type WorkRelationRoleId } from '../../shared/enums';
import { putWorkRelation } from '../../functions/records/work-relations';
import { allocateEntityId, newEntityWithOwner } from '../../functions/records/entities';
import { transactWrites } from '../../functions/lib/db/table';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { putWorkRelationMember } from '../../functions/records/work-relation-members';
import { signUpAndConfirm, type TestAccount } from './accounts';
import type { ApiClient, IntegrationStack } from './integration';
import { addMemberWithRole } from './organisations';
import { routePath, type RouteName } from './route-calls';

/**
 * Canvas factories for integration tests: a family with its canvas (created through the
 * API), members with a given role (invited through the API), and advisors with a given
 * access. Work relations are put through the data module the work-relation routes build on.
 */

export type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

export type FamilyWithCanvas = { owner: TestAccount; familyId: number; canvas: Canvas };

/** A family signed up through the API: its canvas came with the signup (docs/product/accounts.md#a-new-family-starts-on-its-canvas). */
export async function familyWithCanvas(stack: IntegrationStack, name = 'Rivera Family'): Promise<FamilyWithCanvas> {
  const owner = await signUpAndConfirm(stack, { createEntityName: name, canvasName: `${name} Canvas` });
  const read = await owner.client.call<'getOwnCanvas', Canvas>('getOwnCanvas');
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  // The read recorded the owner's visit; a test starts, as before, with none (its first read is the first visit).
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.canvasVisit(owner.entityId, owner.userId) }));
  return { owner, familyId: owner.entityId, canvas: read.body };
}

/**
 * A family as one made before 2026-11-26 is stored: the entity and its owner's membership
 * without a canvas (what signup and POST /api/entities wrote then), for the create-canvas
 * offer. The owner is an existing account; the family is not made current.
 */
export async function familyWithoutCanvas(owner: Pick<TestAccount, 'userId'>, entityName: string): Promise<number> {
  const id = await allocateEntityId();
  await transactWrites(newEntityWithOwner({ id, entityTypeId: EntityType.Family, entityName, userId: owner.userId, at: new Date().toISOString() }).writes);
  return id;
}

/** A person whose current entity is a family without a canvas (familyWithoutCanvas), signed up through an advisor company they also own. */
export async function memberOfFamilyWithoutCanvas(stack: IntegrationStack, entityName: string): Promise<TestAccount> {
  const account = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: `${entityName} Office` });
  const familyId = await familyWithoutCanvas(account, entityName);
  expect((await account.client.call('setCurrentEntity', { body: { id: familyId } })).status).toBe(200);
  return { ...account, entityId: familyId };
}

/**
 * A new person in the inviter's current entity (a family or an advisor company) with the
 * given role, through the real invitation flow (tests/support/organisations.ts).
 */
export async function memberOf(stack: IntegrationStack, inviter: TestAccount, entityRoleId: EntityRoleId, label = 'Member'): Promise<TestAccount> {
  return addMemberWithRole(stack, inviter, entityRoleId, { firstName: label, lastName: 'Tester' });
}

/** An advisor company (its owner signed up) that works on a family's canvas, limited to some sections (empty = all). */
export async function advisorCompanyFor(stack: IntegrationStack, familyId: number, sharedSectionIds: number[], name = 'Harbor Advisors'): Promise<TestAccount> {
  const owner = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: name });
  await putWorkRelation(familyId, owner.entityId, sharedSectionIds);
  return owner;
}

/** A non-admin advisor of a company with a canvas role for the family (none given: the default role). */
export async function advisorOf(
  stack: IntegrationStack,
  company: TestAccount,
  familyId: number,
  workRelationRoleId: WorkRelationRoleId | undefined,
  label = 'Advisor',
): Promise<TestAccount> {
  const advisor = await memberOf(stack, company, EntityRole.FullMember, label);
  if (workRelationRoleId !== undefined) await putWorkRelationMember(familyId, company.entityId, advisor.userId, workRelationRoleId);
  return advisor;
}

/** The category of a canvas with a given title. */
export function categoryNamed(canvas: Canvas, title: string) {
  const category = canvas.sections.flatMap((section) => section.categories).find((c) => c.title === title);
  if (!category) throw new Error(`no category ${title}`);
  return category;
}

export async function getCategory(client: ApiClient, categoryId: number): Promise<CategoryResponse> {
  const response = await client.call<'getCategory', CategoryResponse>('getCategory', { params: { id: categoryId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function getCanvas(client: ApiClient, familyId?: number): Promise<Canvas> {
  const response = await client.get<Canvas>(familyId === undefined ? routePath('getOwnCanvas') : routePath('getCanvas', { familyId }));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A create that must succeed (201): its body. */
export async function created<T>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const response = await client.post<T>(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** An update that must succeed (200): its body. */
export async function patched<T>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const response = await client.patch<T>(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Asserts an error answer: its HTTP status family and catalogue code. */
export function expectError(response: { status: number; body: unknown }, errorCode: number): ErrorBody {
  const body = response.body as ErrorBody;
  expect(body?.errorCode, `${response.status} ${JSON.stringify(response.body)}`).toBe(errorCode);
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  return body;
}

/** The routes of each kind of canvas item, by name: for tests that write every kind alike. */
export const canvasItemRoutes = {
  answer: { create: 'createAnswer', update: 'updateAnswer', delete: 'deleteAnswer', vote: 'addAnswerVote', unvote: 'removeAnswerVote' },
  takeaway: {
    create: 'createTakeaway',
    update: 'updateTakeaway',
    delete: 'deleteTakeaway',
    archive: 'archiveTakeaway',
    vote: 'addTakeawayVote',
    unvote: 'removeTakeawayVote',
  },
  goal: { create: 'createGoal', update: 'updateGoal', delete: 'deleteGoal', complete: 'completeGoal' },
  actionPoint: { create: 'createActionPoint', update: 'updateActionPoint', delete: 'deleteActionPoint', complete: 'completeActionPoint' },
} as const satisfies Record<string, Record<string, RouteName>>;

/** The create route of the kinds made in a category (not answers, which belong to a question). */
export type CategoryItemCreate = (typeof canvasItemRoutes)['takeaway' | 'goal' | 'actionPoint']['create'];
