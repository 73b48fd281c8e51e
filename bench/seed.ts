import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { expandCanvasTemplate } from '../shared/canvas-template';
import { EntityRole, EntityType, type EntityTypeId } from '../shared/enums';
import { permissionsForRole } from '../shared/permissions';
import { createCanvas } from '../functions/domain/canvas/create-canvas';
import { batchPut, transactItemsOf } from '../functions/lib/db/table';
import { db } from '../functions/lib/db/client';
import { allocateEntityId, newEntityWithOwner } from '../functions/records/entities';
import { newId } from '../functions/lib/db/keys';
import { defaultPrivacySettings, putNewAccount, type UserItem } from '../functions/records/users';
import { putWorkRelation } from '../functions/records/work-relations';
import { hashPassword as storedPasswordFor, type StoredPassword } from '../functions/records/passwords';
import type { Session } from '../functions/domain/sessions/session';
import type { LocalStack } from '../infra/local/stack';
import { hashPassword, newSalt, signUpAndConfirm, type TestAccount } from '../tests/support/accounts';
import { familyWithCanvas, type FamilyWithCanvas } from '../tests/support/canvas';
import { canvasContent } from '../tests/support/canvas-content';
import { ApiClient, mailWaiters, type IntegrationStack, type SentEmail } from '../tests/support/integration';
import { addMemberWithRole } from '../tests/support/organisations';

/**
 * The benchmark's data set: 50 families with canvases from empty to 1,000 content items
 * and 10 advisor companies, each working for several families.
 *
 * - The accounts the benchmark signs in with go through the HTTP API with the test
 *   helpers (sign up, confirmation link from the SES emulator, sign in; members through
 *   the invitation flow): the families measured at 0, 10, 100 and 1,000 items, three
 *   members of the 1,000-item family, and one advisor company (the dashboard's).
 * - The rest is written through the data modules: accounts with their family or company
 *   and owner membership (the transaction sign-up writes), canvases from the template
 *   (createCanvas), content (contentRecord, questions with their answerers, votes on their items), and work relations
 *   (putWorkRelation).
 */

/** Content sizes of the families measured through the API (GET /canvas growth). */
export const measuredSizes = [0, 10, 100, 1000] as const;
/** Content sizes of the other families, in turn: from an empty canvas to 1,000 items. */
const bulkSizes = [0, 10, 50, 100, 250, 500, 1000];
const familyCount = 50;
const advisorCompanyCount = 10;
/** Families of the dashboard's advisor company (one page is 10). */
const dashboardFamilyCount = 12;
const familiesPerOtherAdvisor = 5;

export type MeasuredFamily = FamilyWithCanvas & { items: number; categoryId: number; answerIds: string[] };

export type Seeded = {
  measured: MeasuredFamily[];
  /** The 1,000-item family: owner plus three full members answer; the owner votes on the seeded answers. */
  big: { family: MeasuredFamily; writers: TestAccount[]; questionIds: string[] };
  /** The advisor company whose dashboard is measured (its owner). */
  advisor: TestAccount;
  dashboardFamilies: number;
  counts: { families: number; advisorCompanies: number; workRelations: number; contentItems: number; seconds: number };
};

/** The test helpers' view of a stack, over the benchmark's local stack. */
export function integrationStackOf(stack: LocalStack): IntegrationStack {
  const emailsTo = async (address: string) => {
    const { emails } = (await (await fetch(`${stack.sesUrl}/store`)).json()) as { emails: SentEmail[] };
    const wanted = address.toLowerCase();
    return emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(wanted)));
  };
  return {
    apiUrl: stack.apiUrl,
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    sesEndpoint: stack.sesUrl,
    client: () => new ApiClient(() => stack.apiUrl),
    streamSettled: () => stack.streams.settled(),
    stopDynamo: () => Promise.reject(new Error('the benchmark does not stop DynamoDB Local midway')),
    restartDynamo: () => Promise.reject(new Error('the benchmark does not restart DynamoDB Local')),
    emailsTo,
    ...mailWaiters(emailsTo),
  };
}

/** A session as the handlers see it, for calling createCanvas for a family created through the data modules. */
export function ownerSession(familyId: number, userId: string): Session {
  return {
    tokenHash: 'bench',
    sessionId: 'bench',
    userId,
    currentEntityId: familyId,
    membership: {
      entityId: familyId,
      entityTypeId: EntityType.Family,
      entityRoleId: EntityRole.Owner,
      permissions: permissionsForRole(EntityRole.Owner),
      memberId: userId,
    },
    idleExpiresAt: 0,
    expiresAt: 0,
  };
}

/** An account with its own family or advisor company, written as sign-up writes it (e-mail already confirmed). */
export async function ownedEntity(entityTypeId: EntityTypeId, entityName: string, password: StoredPassword): Promise<{ entityId: number; userId: string }> {
  const entityId = await allocateEntityId();
  const at = new Date().toISOString();
  const user: UserItem = {
    type: 'User',
    id: newId(),
    firstName: 'Bench',
    lastName: entityName,
    prefix: null,
    email: `bench-${entityId}@bench.familycanvas.test`,
    phone: null,
    isEmailConfirmed: true,
    lastLoginDate: null,
    privacySettings: defaultPrivacySettings,
    addresses: [],
    createdAt: at,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: transactItemsOf([
        ...putNewAccount(user, password, at),
        ...newEntityWithOwner({ id: entityId, entityTypeId, entityName, userId: user.id, at }).writes,
      ]),
    }),
  );
  return { entityId, userId: user.id };
}

/** Runs tasks a few at a time. */
async function inPool<T, R>(items: readonly T[], size: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

export async function seed(stack: LocalStack): Promise<Seeded> {
  const started = performance.now();
  const api = integrationStackOf(stack);
  let contentItems = 0;

  // Through the API: the families measured, the dashboard's advisor company, the writers.
  const measured: MeasuredFamily[] = [];
  for (const items of measuredSizes) {
    const family = await familyWithCanvas(api, `Measured ${String(items).padStart(4, '0')} Family`);
    const content = canvasContent(family.familyId, items);
    await batchPut(content.records);
    contentItems += items;
    const categoryId = family.canvas.sections[1]?.categories[0]?.id ?? family.canvas.sections[0]?.categories[0]?.id ?? 0;
    measured.push({ ...family, items, categoryId, answerIds: content.answerIds });
  }
  const bigFamily = measured.at(-1) as MeasuredFamily;
  const members = [];
  for (const label of ['Nora', 'Omar', 'Pia'])
    members.push(await addMemberWithRole(api, bigFamily.owner, EntityRole.FullMember, { firstName: label, lastName: 'Writer' }));
  const advisor = await signUpAndConfirm(api, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Dashboard Advisors' });

  // Through the data modules: the other families and advisor companies. One stored
  // password for all of them (nobody signs in as them); scrypt runs once.
  const password = await storedPasswordFor(hashPassword('Bench-Canvas42', newSalt()), newSalt());
  const bulk = Array.from({ length: familyCount - measured.length }, (_, n) => ({
    name: `Bench Family ${String(n).padStart(2, '0')}`,
    items: bulkSizes[n % bulkSizes.length] as number,
  }));
  const bulkFamilyIds = await inPool(bulk, 3, async ({ name, items }) => {
    const { entityId, userId } = await ownedEntity(EntityType.Family, name, password);
    await createCanvas(ownerSession(entityId, userId));
    await batchPut(canvasContent(entityId, items).records);
    contentItems += items;
    return entityId;
  });
  const otherAdvisors = await inPool(
    Array.from({ length: advisorCompanyCount - 1 }, (_, n) => `Bench Advisors ${n + 1}`),
    3,
    async (name) => (await ownedEntity(EntityType.AdvisorCompany, name, password)).entityId,
  );

  // Work relations (all sections shared): the dashboard's company works for 12 families of
  // every size (and the 1,000-item one), each other company for 5.
  const relations: Array<[familyId: number, advisorId: number]> = [[bigFamily.familyId, advisor.entityId]];
  for (const familyId of bulkFamilyIds.slice(0, dashboardFamilyCount - 1)) relations.push([familyId, advisor.entityId]);
  otherAdvisors.forEach((advisorId, k) => {
    for (let j = 0; j < familiesPerOtherAdvisor; j += 1)
      relations.push([bulkFamilyIds[(k * familiesPerOtherAdvisor + j + 3) % bulkFamilyIds.length] as number, advisorId]);
  });
  await inPool(relations, 4, ([familyId, advisorId]) => putWorkRelation(familyId, advisorId, []));

  const questionIds = expandCanvasTemplate(bigFamily.familyId).questions.map((q) => q.id);
  return {
    measured,
    big: { family: bigFamily, writers: [bigFamily.owner, ...members], questionIds },
    advisor,
    dashboardFamilies: dashboardFamilyCount,
    counts: {
      families: measured.length + bulkFamilyIds.length,
      advisorCompanies: 1 + otherAdvisors.length,
      workRelations: relations.length,
      contentItems,
      seconds: (performance.now() - started) / 1000,
    },
  };
}
