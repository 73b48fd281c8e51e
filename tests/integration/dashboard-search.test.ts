import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardFamiliesResponse } from '../../shared/contracts/work-relations';
import { EntityType } from '../../shared/enums';
import { putWorkRelation } from '../../functions/records/work-relations';
import { roundTripCount } from '../../functions/lib/db/client';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { familyWithoutCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';

/**
 * (docs/product/dashboard.md#search): the dashboard's search finds a family
 * by any part of its name, case and accents ignored (ü is u, ß is ss), within the page's
 * budget of 3 round trips.
 */

const stack = useIntegrationStack();

let company: TestAccount;
const names = ['Familie Müller', 'Mueller Family', 'Straße Family', 'Strasse Kin', 'Zoë Fischer', 'Anderson Household'];

const search = async (text: string) => {
  const response = await company.client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies', { body: { search: text } });
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return response.body;
};
const namesFound = async (text: string) => (await search(text)).results.map((family) => family.entityName);

beforeAll(async () => {
  const founder = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Founding Office' });
  company = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Search Advisors' });
  for (const name of names) await putWorkRelation(await familyWithoutCanvas(founder, name), company.entityId, [], name);
}, 120_000);

describe('the dashboard search', () => {
  it('finds a name by any part of it, case ignored', async () => {
    expect(await namesFound('fisch')).toEqual(['Zoë Fischer']);
    expect(await namesFound('HOUSE')).toEqual(['Anderson Household']);
    expect(await search('family')).toMatchObject({ count: 2, next: null });
  });

  it('folds accents: "muller" finds "Müller" (and "Müller" finds no "Mueller"); "zoe" finds "Zoë"', async () => {
    expect(await namesFound('muller')).toEqual(['Familie Müller']);
    expect(await namesFound('MÜLLER')).toEqual(['Familie Müller']);
    expect(await namesFound('mueller')).toEqual(['Mueller Family']);
    expect(await namesFound('zoe fi')).toEqual(['Zoë Fischer']);
  });

  it('reads ß as ss, both ways', async () => {
    expect(await namesFound('strasse')).toEqual(['Strasse Kin', 'Straße Family']);
    expect(await namesFound('STRAßE')).toEqual(['Strasse Kin', 'Straße Family']);
    expect(await search('nobody')).toEqual({ count: 0, next: null, results: [] });
  });

  it('costs at most 3 round trips, as any dashboard page', async () => {
    await search('kin');
    await stack.streamSettled();
    const before = roundTripCount();
    expect((await search('kin')).count).toBe(1);
    expect(roundTripCount() - before).toBeLessThanOrEqual(3);
  });
});
