import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, durations, now, resetClock } from '../../functions/lib/clock';
import type { Canvas } from '../../shared/contracts/canvas';
import type { DashboardFamiliesResponse } from '../../shared/contracts/work-relations';
import { addDays, dayIn } from '../../shared/dates';
import { signIn, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * (docs/product/dashboard.md#access-ends-banner): an advisor whose
 * company's access to a family ends is told so a week ahead, on the dashboard card and on
 * the canvas: from 7 days before the last day through that day, on the server's clock.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let ending: TestAccount;
let open: TestAccount;
let until: string;

const card = async (advisor: TestAccount) => {
  const response = await advisor.client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies');
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  const found = response.body.results.find((result) => result.id === family.familyId);
  expect(found).toBeDefined();
  return found!;
};

const canvasOf = async (account: TestAccount, path: string) => {
  const response = await account.client.get<Canvas>(path);
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return response.body;
};

/** A day later on the server's clock: the sessions have idled out, so everyone signs in again. */
async function daysPass(days: number) {
  advanceClock(days * durations.day);
  for (const account of [family.owner, ending, open]) expect((await signIn(account.client, account.email, account.plainPassword)).status).toBe(200);
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Ending Family');
  [ending, open] = await Promise.all([
    advisorCompanyFor(stack, family.familyId, [], 'Ending Advisors'),
    advisorCompanyFor(stack, family.familyId, [], 'Open Advisors'),
  ]);
  until = addDays(dayIn(now(), 'UTC'), 8);
  const set = await family.owner.client.call('updateCanvasShares', { params: { entityId: ending.entityId }, body: { canvasSections: [], accessUntil: until } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}, 120_000);

afterAll(() => resetClock());

describe('the access-ends notice', () => {
  it('is not there 8 days ahead', async () => {
    expect((await card(ending)).accessEndsOn).toBeUndefined();
    expect((await canvasOf(ending, routePath('getCanvas', { familyId: family.familyId }))).accessEndsOn).toBeUndefined();
  });

  it('is on the card and the canvas 7 days ahead, for the advisor whose access ends only', async () => {
    await daysPass(1);
    expect((await card(ending)).accessEndsOn).toBe(until);
    expect((await canvasOf(ending, routePath('getCanvas', { familyId: family.familyId }))).accessEndsOn).toBe(until);
    // Another company without an end date, and the family itself, hear nothing of it.
    expect((await card(open)).accessEndsOn).toBeUndefined();
    expect((await canvasOf(open, routePath('getCanvas', { familyId: family.familyId }))).accessEndsOn).toBeUndefined();
    expect((await canvasOf(family.owner, routePath('getOwnCanvas'))).accessEndsOn).toBeUndefined();
  });

  it('stays through the last day; the day after, the access (and the notice) are gone', async () => {
    await daysPass(7);
    expect(dayIn(now(), 'UTC')).toBe(until);
    expect((await card(ending)).accessEndsOn).toBe(until);
    expect((await canvasOf(ending, routePath('getCanvas', { familyId: family.familyId }))).accessEndsOn).toBe(until);
    await daysPass(1);
    expect((await ending.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(404);
    expect((await card(ending)).accessEndsOn).toBeUndefined();
  });
});
