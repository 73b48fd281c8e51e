import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardFamiliesResponse, FamiliesResponse } from '../../shared/contracts/work-relations';
import { EntityType } from '../../shared/enums';
import { putWorkRelation } from '../../functions/records/work-relations';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError, familyWithoutCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';

const stack = useIntegrationStack();

const familyCount = 25;
let company: TestAccount;
let founder: TestAccount;
const familyIds: number[] = [];

beforeAll(async () => {
  [company, founder] = await Promise.all([
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Paging Advisors' }),
    signUpAndConfirm(stack, { createEntityName: 'Family 00' }),
  ]);
  // One person founds 25 families (cheaper than 25 sign-ups); every third gets a canvas: those through
  // the API (a new family starts with its canvas), the others stored as families made before that were.
  for (let n = 1; n <= familyCount; n += 1) {
    const entityName = `Family ${String(n).padStart(2, '0')}`;
    if ((n - 1) % 3 !== 0) {
      familyIds.push(await familyWithoutCanvas(founder, entityName));
      continue;
    }
    const created = await founder.client.call<'createEntity', { id: number }>('createEntity', { body: { entityTypeId: EntityType.Family, entityName } });
    expect(created.status).toBe(201);
    familyIds.push(created.body.id);
  }
  await Promise.all(familyIds.map((familyId) => putWorkRelation(familyId, company.entityId, [])));
});

const page = (body: unknown) => company.client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies', { looseBody: body });

describe('the advisor dashboard', () => {
  it('pages 25 families by name: 10, 10, 5, with the next offset', async () => {
    const first = await page({});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, next: 10 });
    expect(first.body.results.map((family) => family.entityName)).toEqual(Array.from({ length: 10 }, (_, i) => `Family ${String(i + 1).padStart(2, '0')}`));
    const second = await page({ limit: 10, offset: 10 });
    expect(second.body).toMatchObject({ count: 25, next: 20 });
    expect(second.body.results).toHaveLength(10);
    const third = await page({ limit: 10, offset: 20 });
    expect(third.body).toMatchObject({ count: 25, next: null });
    expect(third.body.results.map((family) => family.entityName)).toEqual(['Family 21', 'Family 22', 'Family 23', 'Family 24', 'Family 25']);
    const all = [...first.body.results, ...second.body.results, ...third.body.results].map((family) => family.id);
    expect(new Set(all).size).toBe(25);
    expect((await page({ limit: 7, offset: 21 })).body).toMatchObject({ next: null, results: expect.any(Array) });
    expect((await page({ offset: 40 })).body).toEqual({ count: 25, next: null, results: [] });
  });

  it('shows a canvas card where there is a canvas, and none elsewhere', async () => {
    const { body } = await page({ limit: 50 });
    const withCanvas = body.results.filter((family) => family.canvas);
    expect(withCanvas).toHaveLength(9);
    const card = withCanvas[0]!;
    expect(card).toMatchObject({ canViewCanvas: true, workRelationRoleId: 1 });
    expect(card.memberPermissions).toEqual(expect.arrayContaining(['ReadCanvas', 'EditCanvas']));
    expect(card.canvas?.sections.map((section) => section.sequenceNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(card.canvas?.sections[1]?.categories[0]).toMatchObject({ colorCode: expect.any(String), takeaways: [] });
    expect(body.results.find((family) => !family.canvas)?.canViewCanvas).toBe(false);
  });

  it('refuses limits and offsets out of range without a 5xx', async () => {
    for (const body of [{ limit: 0 }, { limit: 51 }, { limit: 2.5 }, { offset: -1 }, { offset: 1e12 }, { limit: -5, offset: -5 }]) {
      expectError(await page(body), 6);
    }
    expectError(await page({ limit: 'ten' }), 2);
    expectError(await page({ limit: 10, page: 2 }), 2);
    expectError(await founder.client.call('listDashboardFamilies'), 8);
  });

  it('lists the same families with owners and canvas rights', async () => {
    const { body } = await company.client.call<'listFamilies', FamiliesResponse>('listFamilies', { body: { orderBy: '-entityName' } });
    expect(body).toHaveLength(25);
    expect(body[0]).toMatchObject({ entityName: 'Family 25', owners: 'Ada Lovelace', endDate: null, subscriptionPlan: null, workRelationRoleId: 1 });
    expect(body.filter((row) => row.canvasId !== null && row.canViewCanvas)).toHaveLength(9);
    expectError(await company.client.call('listFamilies', { body: { orderBy: 'password' } }), 2);
  });
});
