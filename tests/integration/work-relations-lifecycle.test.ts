import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import type { HistoryPage } from '../../shared/contracts/history';
import type { AdvisorInvitation } from '../../shared/contracts/invitations';
import type {
  AdvisorCompaniesResponse,
  CanvasSharesResponse,
  DashboardFamiliesResponse,
  FamiliesResponse,
  NoteResponse,
} from '../../shared/contracts/work-relations';
import { addDays, dayIn } from '../../shared/dates';
import { EntityRole, EntityType, WorkRelationRole } from '../../shared/enums';
import { advanceClock, now, resetClock } from '../../functions/lib/clock';
import { runAccessExpiry } from '../../functions/jobs/access-expiry/handler';
import { signIn, signUpAndConfirm } from '../support/accounts';
import { advisorCompanyFor, advisorOf, expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { LiveSocket } from '../support/live';
import { acceptWorkRelationInvitation, inviteWorkRelation } from '../support/work-relations';

/**
 * The end of a work relation and time-boxed access (docs/product/work-relations.md#time-boxed-access), through the real handlers,
 * DynamoDB Local, the SES emulator and real sockets on the local gateway: either side ends
 * the relation, all access ends at once (reads, writes, dashboard, live sockets), both
 * sides are mailed, the advisors' content and private notes stay, re-inviting works; an
 * end date ends access after its day (the access-expiry job, run with its own `now`), with
 * one warning 7 days before, and can be extended.
 */

const stack = useIntegrationStack();
const revocationBudgetMs = 5000;
const sockets: LiveSocket[] = [];

let family: FamilyWithCanvas;
let categoryId: number;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Ending Family');
  categoryId = family.canvas.sections[0]!.categories[0]!.id;
});

afterEach(() => resetClock());

afterAll(async () => {
  await Promise.all(sockets.map((socket) => (socket.isOpen ? socket.close() : undefined)));
});

async function open(client: ApiClient, familyId: number): Promise<LiveSocket> {
  const socket = await LiveSocket.open(stack, client, { familyId });
  sockets.push(socket);
  return socket;
}

async function expectAccessRemoved(socket: LiveSocket, startedAt: number): Promise<void> {
  const closed = await socket.waitFor((message) => message.type === 'closed', { timeoutMs: revocationBudgetMs });
  expect(closed).toEqual({ type: 'closed', reason: 'accessRemoved' });
  await Promise.race([socket.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), revocationBudgetMs))]);
  expect(Date.now() - startedAt).toBeLessThan(revocationBudgetMs);
  const count = socket.messages.length;
  // A later change of the canvas reaches it no more: the socket is closed, so nothing can
  // arrive on it whenever the change is delivered.
  expect((await family.owner.client.call('createTakeaway', { params: { categoryId }, body: { title: 'After the end', categoryId } })).status).toBe(201);
  expect(socket.isOpen).toBe(false);
  expect(socket.messages.length).toBe(count);
  expect(socket.messages.at(-1)).toEqual(closed);
}

const dashboardIds = async (client: ApiClient) => {
  const response = await client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies', { body: { limit: 10, offset: 0 } });
  expect(response.status).toBe(200);
  return response.body.results.map((row) => row.id);
};

const waitForMail = (email: string, subject: RegExp, count = 1) => stack.waitForEmails(email, count, { subject });

describe('a family ends its relation with an advisor company', () => {
  it('ends all access at once, keeps content and notes, mails both sides, and re-inviting works', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Parting Partners');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Writer');
    const written = await advisor.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId },
      body: { title: 'Advisor wrote this', categoryId },
    });
    expect(written.status).toBe(201);
    expect((await company.client.call('createNote', { params: { entityId: family.familyId }, body: { note: 'Company private note' } })).status).toBeLessThan(
      300,
    );
    expect(await dashboardIds(advisor.client)).toContain(family.familyId);
    const socket = await open(advisor.client, family.familyId);

    // A full member of the family may not (no RemoveWorkRelation): 8, nothing changes.
    const full = await memberOf(stack, family.owner, EntityRole.FullMember, 'Fuller');
    expectError(await full.client.call('endWorkRelation', { params: { entityId: company.entityId } }), 8);
    expect(socket.isOpen).toBe(true);

    const startedAt = Date.now();
    const ended = await family.owner.client.call('endWorkRelation', { params: { entityId: company.entityId } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(204);
    await expectAccessRemoved(socket, startedAt);

    // Reads, writes, dashboard, families list, the family page: gone for the advisors. Those who knew the canvas
    // are told their access ended (76, "Your access to this canvas has ended" on a reload); anyone else learns nothing (4).
    expectError(await advisor.client.call('getCanvas', { params: { familyId: family.familyId } }), 76);
    expectError(await company.client.call('getCanvas', { params: { familyId: family.familyId } }), 76);
    expectError(await advisor.client.call('getCategory', { params: { id: categoryId } }), 76);
    expectError(await advisor.client.call('createTakeaway', { params: { categoryId }, body: { title: 'Too late', categoryId } }), 76);
    expectError(await advisor.client.call('updateTakeaway', { params: { id: written.body.id }, body: { title: 'Too late' } }), 76);
    const strangerFamily = await familyWithCanvas(stack, 'Stranger Family');
    const stranger = await advisorCompanyFor(stack, strangerFamily.familyId, [], 'Stranger Partners');
    expectError(await stranger.client.call('getCanvas', { params: { familyId: family.familyId } }), 4);
    expectError(await stranger.client.call('getCategory', { params: { id: categoryId } }), 4);
    expect(await dashboardIds(advisor.client)).not.toContain(family.familyId);
    expect((await company.client.call<'listFamilies', FamiliesResponse>('listFamilies')).body.map((row) => row.id)).not.toContain(family.familyId);
    expectError(await company.client.call('getEntity', { params: { entityId: family.familyId } }), 4);
    expectError(await advisor.client.call('listCanvasAdvisorCompaniesOf', { params: { id: family.familyId } }), 76);
    // The family's side: the company is no longer among its advisor companies; its shares are gone.
    expectError(await family.owner.client.call('getCanvasShares', { params: { entityId: company.entityId } }), 4);

    // What the advisors wrote stays on the canvas; the family's history says who ended what.
    const canvas = await family.owner.client.call<'getOwnCanvas', { sections: Array<{ categories: Array<{ takeaways: Takeaway[] }> }> }>('getOwnCanvas');
    expect(canvas.body.sections.flatMap((s) => s.categories.flatMap((c) => c.takeaways)).map((t) => t.title)).toContain('Advisor wrote this');
    const history = await family.owner.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '20' } });
    const event = history.body.results.find((e) => e.action === 'relationEnded');
    expect(event).toMatchObject({ itemType: 'shares', itemId: String(company.entityId), title: 'Parting Partners', after: null });
    expect(event?.actor.userId).toBe(family.owner.userId);
    // It cannot be undone: 8, and the relation stays ended.
    expectError(await family.owner.client.call('revertEvent', { params: { eventId: event!.id } }), 8);

    // Both sides' owners are told.
    const [familyMail] = await waitForMail(family.owner.email, /^Work relation ended/);
    expect(familyMail!.body.text).toContain('ended the family\u2019s work relation with Parting Partners'.replace('\u2019', "'"));
    const [companyMail] = await waitForMail(company.email, /^Work relation ended/);
    expect(companyMail!.body.text).toContain('private notes stay with your company');

    // Ending it again finds nothing.
    expectError(await family.owner.client.call('endWorkRelation', { params: { entityId: company.entityId } }), 4);

    // Re-inviting works: a new relation, and the company's own note is there again.
    const invitation = await inviteWorkRelation(stack, family.owner.client, 'advisor', { email: company.email });
    await acceptWorkRelationInvitation(company.client, 'advisor', { token: invitation.token, entityId: company.entityId });
    expect((await company.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(200);
    const note = await company.client.call<'getNote', NoteResponse>('getNote', { params: { entityId: family.familyId } });
    expect(note.body.note).toContain('Company private note');
    // The advisor's old role went with the relation: the default (read) role applies now.
    expect((await advisor.client.call('createTakeaway', { params: { categoryId }, body: { title: 'Read only now', categoryId } })).status).toBe(403);
  });
});

describe('an advisor company leaves a family', () => {
  it('is done by its owner (not a plain advisor) and ends the family’s access the same way', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Leaving Advisors');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Plain');
    const socket = await open(advisor.client, family.familyId);
    expectError(await advisor.client.call('endWorkRelation', { params: { entityId: family.familyId } }), 8);
    // A company cannot end a relation it does not have.
    const unrelated = await signUpAndConfirm(stack, { createEntityName: 'Other Family' });
    expectError(await company.client.call('endWorkRelation', { params: { entityId: unrelated.entityId } }), 4);

    const startedAt = Date.now();
    expect((await company.client.call('endWorkRelation', { params: { entityId: family.familyId } })).status).toBe(204);
    await expectAccessRemoved(socket, startedAt);
    const companies = await family.owner.client.call<'listAdvisorCompanies', Array<{ id: number }>>('listAdvisorCompanies');
    expect(companies.body.map((row) => row.id)).not.toContain(company.entityId);
    const [mail] = await waitForMail(family.owner.email, /Leaving Advisors$/);
    expect(mail!.body.text).toContain("ended the company's work relation with Ending Family");
  });
});

describe('time-boxed access', () => {
  it('is set, shown to the advisor, validated, warned 7 days before (once) and extended', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Timed Advisors');
    const today = dayIn(now());
    const until = addDays(today, 10);
    const set = await family.owner.client.call<'updateCanvasShares', CanvasSharesResponse>('updateCanvasShares', {
      params: { entityId: company.entityId },
      body: { canvasSections: [], accessUntil: until },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.accessUntil).toBe(until);
    expect(
      (await family.owner.client.call<'getCanvasShares', CanvasSharesResponse>('getCanvasShares', { params: { entityId: company.entityId } })).body.accessUntil,
    ).toBe(until);
    const rows = await company.client.call<'listFamilies', FamiliesResponse>('listFamilies');
    expect(rows.body.find((row) => row.id === family.familyId)?.endDate).toBe(until);
    // The family sees it in its companies table too.
    const companies = await family.owner.client.call<'listAdvisorCompanies', AdvisorCompaniesResponse>('listAdvisorCompanies');
    expect(companies.body.find((row) => row.id === company.entityId)?.accessUntil).toBe(until);
    // A day already over, or set by someone without the right: refused, nothing changes.
    const past = expectError(
      await family.owner.client.call('updateCanvasShares', {
        params: { entityId: company.entityId },
        body: { canvasSections: [], accessUntil: addDays(today, -1) },
      }),
      2,
    );
    expect(Object.keys(past.errors)).toContain('accessUntil');
    const admin = await memberOf(stack, family.owner, EntityRole.LimitedMember, 'Limited');
    expectError(
      await admin.client.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [], accessUntil: addDays(today, 40) } }),
      8,
    );

    // 4 days ahead: not yet in the warning window.
    expect((await runAccessExpiry({ now: `${addDays(today, 2)}T12:00:00Z` })).warned).toBe(0);
    // 3 days before its end: warned once, however often the job runs.
    const first = await runAccessExpiry({ now: `${addDays(today, 3)}T12:00:00Z` });
    expect(first).toMatchObject({ warned: 1, ended: 0, failed: 0 });
    expect((await runAccessExpiry({ now: `${addDays(today, 3)}T13:00:00Z` })).warned).toBe(0);
    const [warning] = await waitForMail(company.email, /^Access to Ending Family ends on/);
    expect(warning!.body.text).toContain(`${until.slice(8, 10)}.${until.slice(5, 7)}.${until.slice(0, 4)}`);

    // The family extends it: nothing ends on the old date; the new date gets its own warning.
    const extended = addDays(today, 30);
    expect(
      (await family.owner.client.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [], accessUntil: extended } }))
        .status,
    ).toBe(200);
    expect(await runAccessExpiry({ now: `${addDays(until, 1)}T00:30:00Z` })).toMatchObject({ ended: 0 });
    expect((await company.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(200);
    expect((await runAccessExpiry({ now: `${addDays(extended, -7)}T00:30:00Z` })).warned).toBe(1);
    await waitForMail(company.email, /^Access to Ending Family ends on/, 2);
  });

  it('ends at the end of its last day (UTC): the job ends the relation and closes sockets; reads stop even before it runs', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Expiring Advisors');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Expiring');
    const today = dayIn(now());
    expect(
      (await family.owner.client.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [], accessUntil: today } }))
        .status,
    ).toBe(200);
    // Still their last day: the job ends nothing.
    expect(await runAccessExpiry({ now: `${today}T23:59:00Z` })).toMatchObject({ ended: 0 });
    expect((await advisor.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(200);

    // The next day the server refuses the advisor even before the job ran (a fresh session: the clock moved).
    const midnight = Date.parse(`${addDays(today, 1)}T00:00:30Z`);
    advanceClock(midnight - now().getTime());
    const late = stack.client();
    expect((await signIn(late, advisor.email, advisor.plainPassword)).status).toBe(200);
    await late.call('setCurrentEntity', { body: { id: company.entityId } });
    expectError(await late.call('getCanvas', { params: { familyId: family.familyId } }), 4);
    resetClock();

    // The job run of the next day ends the relation: the open socket closes, both sides are mailed.
    const socket = await open(advisor.client, family.familyId);
    const startedAt = Date.now();
    expect(await runAccessExpiry({ now: `${addDays(today, 1)}T00:02:00Z` })).toMatchObject({ ended: 1, failed: 0 });
    await expectAccessRemoved(socket, startedAt);
    expect(await dashboardIds(advisor.client)).not.toContain(family.familyId);
    const [mail] = await waitForMail(company.email, /^Work relation ended/);
    expect(mail!.body.text).toContain('ended with');
    await waitForMail(family.owner.email, /Expiring Advisors$/);
    // Idempotent: the next run finds nothing.
    expect(await runAccessExpiry({ now: `${addDays(today, 1)}T01:02:00Z` })).toEqual({ ended: 0, warned: 0, stale: 0, failed: 0 });
  });

  it('comes with the invitation: the invite form sets it, the e-mail states it, acceptance applies it', async () => {
    const until = addDays(dayIn(now()), 60);
    const invitee = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Invited Advisors' });
    const created = await family.owner.client.call<'createAdvisorInvitation', { id: string }>('createAdvisorInvitation', {
      body: {
        email: invitee.email,
        canvasSections: [],
        accessUntil: until,
      },
    });
    expect(created.status).toBe(201);
    const sent = await family.owner.client.call<'sendAdvisorInvitationEmail', { expirationDate: string }>('sendAdvisorInvitationEmail', {
      body: { id: created.body.id },
    });
    expect(sent.status).toBe(200);
    const mail = await stack.latestEmailTo(invitee.email);
    const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
    expect(mail.body.text).toContain(`until ${day(sent.body.expirationDate)} (UTC)`);
    expect(mail.body.text).toContain(`The access ends at the end of ${day(until)} (UTC)`);
    const list = await family.owner.client.call<'listAdvisorInvitations', AdvisorInvitation[]>('listAdvisorInvitations');
    expect(list.body.find((row) => row.id === created.body.id)?.accessUntil).toBe(until);
    const token = new URL(/https?:\/\/\S+advisor-invitation\S*/.exec(mail.body.text ?? '')![0]).searchParams.get('token')!;
    await acceptWorkRelationInvitation(invitee.client, 'advisor', { token, entityId: invitee.entityId });
    expect(
      (await family.owner.client.call<'getCanvasShares', CanvasSharesResponse>('getCanvasShares', { params: { entityId: invitee.entityId } })).body.accessUntil,
    ).toBe(until);
    expectError(await family.owner.client.call('createAdvisorInvitation', { body: { email: 'late@example.com', accessUntil: '2001-01-01' } }), 2);
  });
});
