import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogPage, AccessLogRow } from '../../shared/contracts/history';
import { WorkRelationRole } from '../../shared/enums';
import { advanceClock, resetClock } from '../../functions/lib/clock';
import { hashPassword, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, expectError, familyWithCanvas, getCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * The advisor access log grouped by visit (docs/product/history-and-undo.md "Visits in the
 * access log"): one row per advisor and visit with the sections read, filters by advisor and
 * company, paging that never cuts a visit; a section-limited advisor's visits list only the
 * shared sections, and an ended relation's past visits stay. DynamoDB Local, real handlers.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let limitedCompany: TestAccount;
let wholeCompany: TestAccount;
let first: TestAccount;
let second: TestAccount;
let other: TestAccount;
let sharedSectionId: number;
let everyone: ApiClient[];

/** Moves the clock on, keeping every session alive (they end after 30 idle minutes) with requests that are no canvas reads. */
async function passTime(minutes: number): Promise<void> {
  for (let left = minutes; left > 0; left -= 20) {
    advanceClock(Math.min(left, 20) * 60_000);
    for (const client of everyone) expect((await client.call('listMemberRoles')).status).toBe(200);
  }
}

async function log(client: ApiClient, query = '', path = routePath('getAccessLog')): Promise<AccessLogPage> {
  const response = await client.get<AccessLogPage>(`${path}${query ? `?${query}` : ''}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const who = (rows: AccessLogRow[]) => rows.map((row) => row.firstName);

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Visit Family');
  sharedSectionId = family.canvas.sections[0]!.id;
  limitedCompany = await advisorCompanyFor(stack, family.familyId, [sharedSectionId], 'Narrow Advisors');
  wholeCompany = await advisorCompanyFor(stack, family.familyId, [], 'Wide Advisors');
  first = await advisorOf(stack, limitedCompany, family.familyId, WorkRelationRole.Full, 'Nadia');
  second = await advisorOf(stack, limitedCompany, family.familyId, WorkRelationRole.Full, 'Noah');
  other = await advisorOf(stack, wholeCompany, family.familyId, WorkRelationRole.Limited, 'Walter');
  everyone = [family.owner, limitedCompany, wholeCompany, first, second, other].map((account) => account.client);

  // Nadia: reads 10 minutes apart (one visit), then again after 90 minutes (a second visit).
  await getCanvas(first.client, family.familyId);
  await passTime(10);
  await getCanvas(first.client, family.familyId);
  await getCanvas(other.client, family.familyId);
  await passTime(90);
  await getCanvas(first.client, family.familyId);
  await getCanvas(second.client, family.familyId);
});

afterAll(() => resetClock());

describe('the access log by visit', () => {
  it('shows one row per advisor and visit, newest first, with the sections read', async () => {
    const page = await log(family.owner.client);
    expect(who(page.results)).toEqual(expect.arrayContaining(['Nadia', 'Nadia', 'Noah', 'Walter']));
    expect(page.results).toHaveLength(4);
    const nadia = page.results.filter((row) => row.userId === first.userId);
    expect(nadia).toHaveLength(2);
    expect(nadia[0]!.lastDate > nadia[1]!.lastDate).toBe(true);
    // The first visit spans both reads 10 minutes apart.
    expect(Date.parse(nadia[1]!.lastDate) - Date.parse(nadia[1]!.firstDate)).toBeGreaterThanOrEqual(10 * 60_000);
    // Section-limited: only the shared section, listed once per visit.
    for (const visit of nadia) expect(visit.sections).toEqual([{ sectionId: sharedSectionId, sectionTitle: family.canvas.sections[0]!.title, kind: 'read' }]);
    const walter = page.results.find((row) => row.userId === other.userId)!;
    expect(walter.entityName).toBe('Wide Advisors');
    expect(walter.sections.map((section) => section.sectionId).sort()).toEqual(family.canvas.sections.map((section) => section.id).sort());
    expect(page.results.map((row) => row.lastDate)).toEqual([...page.results.map((row) => row.lastDate)].sort().reverse());
    // The filters offer every advisor of the period, with their company.
    expect(page.advisors.map((advisor) => `${advisor.firstName} ${advisor.entityName}`).sort()).toEqual([
      'Nadia Narrow Advisors',
      'Noah Narrow Advisors',
      'Walter Wide Advisors',
    ]);
  });

  it('filters by advisor and by company, and pages visits whole', async () => {
    expect(who((await log(family.owner.client, `advisor=${first.userId}`)).results)).toEqual(['Nadia', 'Nadia']);
    expect(who((await log(family.owner.client, `company=${wholeCompany.entityId}`)).results)).toEqual(['Walter']);
    expect(who((await log(family.owner.client, `company=${limitedCompany.entityId}&advisor=${other.userId}`)).results)).toEqual([]);
    const filtered = await log(family.owner.client, `advisor=${first.userId}`);
    expect(filtered.advisors).toHaveLength(3);

    const all = (await log(family.owner.client)).results;
    const paged: AccessLogRow[] = [];
    let cursor: string | null = null;
    do {
      const page: AccessLogPage = await log(family.owner.client, `limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.results);
      cursor = page.next;
    } while (cursor && paged.length < 10);
    expect(paged).toEqual(all);

    // A cursor pages the list it came from: not the same period with another filter.
    const firstPage = await log(family.owner.client, 'limit=1');
    expectError(await family.owner.client.call('getAccessLog', { query: { limit: '1', advisor: first.userId, cursor: firstPage.next! } }), 2);
  });

  it('refuses bad filters with a validation error', async () => {
    for (const query of ['company=abc', 'company=0', 'company=-4', 'advisor=a%20b', `advisor=${'x'.repeat(65)}`]) {
      expectError(await family.owner.client.call('getAccessLog', { rawQuery: query }), 6);
    }
  });

  it('gives an advisor company its own members’ visits, filterable by advisor; its members read none', async () => {
    const page = await log(limitedCompany.client, '', routePath('getCompanyAccessLog'));
    expect(who(page.results).sort()).toEqual(['Nadia', 'Nadia', 'Noah']);
    expect(page.results.every((row) => row.familyName === 'Visit Family')).toBe(true);
    expect(who((await log(limitedCompany.client, `advisor=${second.userId}`, routePath('getCompanyAccessLog'))).results)).toEqual(['Noah']);
    expectError(await first.client.call('getCompanyAccessLog'), 8);
    expectError(await first.client.call('getAccessLog'), 8);
  });

  it('keeps the visits of an ended relation, which reads nothing more', async () => {
    // Ending a relation asks for a recent sign-in: the owner confirms the password first.
    const { body: current } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: family.owner.email } });
    const confirmed = await family.owner.client.call('reauthenticate', { body: { password: hashPassword(family.owner.plainPassword, current.salt) } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBeLessThan(300);
    expect((await family.owner.client.call('endWorkRelation', { params: { entityId: wholeCompany.entityId } })).status).toBe(204);
    expect((await other.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBeGreaterThanOrEqual(400);
    const page = await log(family.owner.client, `company=${wholeCompany.entityId}`);
    expect(who(page.results)).toEqual(['Walter']);
  });
});
