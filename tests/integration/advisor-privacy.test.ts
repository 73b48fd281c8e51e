import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDigests } from '../../functions/jobs/digest/handler';
import { advanceClock, now, resetClock } from '../../functions/lib/clock';
import { nextDigestHour } from '../../shared/digest-schedule';
import type { ActionPoint, Answer, Canvas, Takeaway } from '../../shared/contracts/canvas';
import { anotherAdvisorId } from '../../shared/another-advisor';
import type { HistoryPage } from '../../shared/contracts/history';
import type { LiveServerMessage, PresenceMember } from '../../shared/contracts/live';
import type { CanvasUsersResponse } from '../../shared/contracts/members';
import type { AdvisorCompanyChipsResponse } from '../../shared/contracts/work-relations';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, categoryNamed, expectError, familyWithCanvas, getCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { liveSocketsOf } from '../support/live';
import { pdfText } from '../support/pdf';

/**
 * Privacy between advisory firms: two companies work for one family. What one company's
 * advisor reads — the canvas header's and a section's companies, the canvas, the assignee
 * picker, the history, presence — names neither the other company nor its people; the
 * other company's advisor shows as "another advisor". The family sees everything, and may
 * choose to show advisors which companies work with it (names only).
 */

const stack = useIntegrationStack();
const open = liveSocketsOf(stack);

let family: FamilyWithCanvas;
let fullMember: TestAccount;
let alpha: TestAccount;
let beta: TestAccount;
let alphaAdvisor: TestAccount;
let betaAdvisor: TestAccount;
let categoryId: number;
let sectionId: number;
let betaAction: ActionPoint;
let ownerTakeaway: Takeaway;
let betaAnswer: Answer;

const betaName = 'Betamax Partners';
const betaPersonName = 'Bettina';

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Privacy Family');
  fullMember = await memberOf(stack, family.owner, EntityRole.FullMember, 'Fulla');
  alpha = await advisorCompanyFor(stack, family.familyId, [], 'Alphaville Advisors');
  beta = await advisorCompanyFor(stack, family.familyId, [], betaName);
  alphaAdvisor = await advisorOf(stack, alpha, family.familyId, WorkRelationRole.Full, 'Alfred');
  betaAdvisor = await advisorOf(stack, beta, family.familyId, WorkRelationRole.Full, betaPersonName);
  const category = categoryNamed(family.canvas, 'Abundance of Wealth');
  categoryId = category.id;
  sectionId = category.sectionId;
  // The other company's advisor works on the canvas: an action point of their own (assigned
  // to them), a vote on the family's takeaway, an answer.
  ownerTakeaway = (
    await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', { params: { categoryId }, body: { title: 'Family takeaway', categoryId } })
  ).body;
  const action = await betaAdvisor.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
    params: { categoryId },
    body: { title: 'Beta plan', categoryId },
  });
  expect(action.status, JSON.stringify(action.body)).toBe(201);
  betaAction = action.body;
  expect((await betaAdvisor.client.call('addTakeawayVote', { params: { takeawayId: ownerTakeaway.id } })).status).toBe(201);
  const wealth = await family.owner.client.call<'getCategory', { questions: Array<{ id: string }> }>('getCategory', { params: { id: categoryId } });
  const questionId = wealth.body.questions[0]!.id;
  const answer = await betaAdvisor.client.call<'createAnswer', Answer>('createAnswer', { params: { questionId }, body: { questionId, text: 'Beta answer' } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  betaAnswer = answer.body;
});

/** Whether a response names the other company or its advisor anywhere (id, name, company). */
function namesBeta(body: unknown): boolean {
  const text = JSON.stringify(body);
  return text.includes(betaAdvisor.userId) || text.includes(betaName) || text.includes(betaPersonName) || text.includes(`"entityId":${beta.entityId}`);
}

describe('an advisor of one company', () => {
  it('sees only their own company in the canvas header and on a section', async () => {
    const header = await alphaAdvisor.client.call<'listCanvasAdvisorCompaniesOf', AdvisorCompanyChipsResponse>('listCanvasAdvisorCompaniesOf', {
      params: { id: family.familyId },
    });
    expect(header.body.map((chip) => chip.id)).toEqual([alpha.entityId]);
    const section = await alphaAdvisor.client.call<'listSectionAdvisorCompanies', AdvisorCompanyChipsResponse>('listSectionAdvisorCompanies', {
      params: { id: sectionId },
    });
    expect(section.body.map((chip) => chip.id)).toEqual([alpha.entityId]);
  });

  it('reads the canvas with the other company’s advisor as "another advisor": assignee, creator and voter', async () => {
    const canvas = await getCanvas(alphaAdvisor.client, family.familyId);
    const category = canvas.sections.flatMap((section) => section.categories).find((candidate) => candidate.id === categoryId)!;
    const action = category.actionPoints.find((candidate) => candidate.id === betaAction.id)!;
    expect(action).toMatchObject({ title: 'Beta plan', assigneeId: anotherAdvisorId, createdByUserId: anotherAdvisorId });
    const takeaway = category.takeaways.find((candidate) => candidate.id === ownerTakeaway.id)!;
    expect(takeaway.voteCount).toBe(1);
    expect(takeaway.votes.map((vote) => vote.userId)).toEqual([anotherAdvisorId]);
    expect(namesBeta(canvas)).toBe(false);
    const page = await alphaAdvisor.client.call('getCategory', { params: { id: categoryId } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain('Beta answer');
    expect(JSON.stringify(page.body)).toContain(betaAnswer.id);
    expect(namesBeta(page.body)).toBe(false);
    expect(namesBeta((await alphaAdvisor.client.call('getSection', { params: { id: sectionId } })).body)).toBe(false);
    // An own item assigned to the other company's advisor: saved as shown, it keeps that assignee.
    const own = await alphaAdvisor.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId },
      body: {
        title: 'Alpha plan',
        categoryId,
        assigneeId: betaAdvisor.userId,
      },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.assigneeId).toBe(anotherAdvisorId);
    const saved = await alphaAdvisor.client.call<'updateActionPoint', ActionPoint>('updateActionPoint', {
      params: { id: own.body.id },
      body: {
        title: 'Alpha plan, reviewed',
        assigneeId: anotherAdvisorId,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Alpha plan, reviewed', assigneeId: anotherAdvisorId });
    const asFamily = await getCanvas(family.owner.client);
    expect(
      asFamily.sections
        .flatMap((s) => s.categories)
        .flatMap((c) => c.actionPoints)
        .find((candidate) => candidate.id === own.body.id)?.assigneeId,
    ).toBe(betaAdvisor.userId);
  });

  it('takes away a plan book that names the other company’s advisor as "another advisor"', async () => {
    const book = await alphaAdvisor.client.call('exportPlanBook', { params: { familyId: family.familyId } });
    expect(book.status).toBe(200);
    const text = pdfText(book.body as Buffer);
    expect(text).toContain('Beta plan');
    expect(text).toContain('Another advisor');
    expect(text).not.toContain(betaPersonName);
    expect(text).not.toContain(betaName);
    // The family's own book names them.
    const familyBook = await family.owner.client.call('exportOwnPlanBook');
    expect(pdfText(familyBook.body as Buffer)).toContain(betaPersonName);
  });

  it('picks assignees among the family and their own company only', async () => {
    const users = await alphaAdvisor.client.call<'listCanvasUsers', CanvasUsersResponse>('listCanvasUsers', { params: { entityId: family.familyId } });
    const ids = users.body.map((user) => user.userId);
    expect(ids).toEqual(expect.arrayContaining([family.owner.userId, fullMember.userId, alpha.userId, alphaAdvisor.userId]));
    expect(ids).not.toContain(betaAdvisor.userId);
    expect(ids).not.toContain(beta.userId);
    // Nor does the family's advisors list, or the other company seen through the family, name them.
    const advisors = await alphaAdvisor.client.call<'listAdvisorsOfFamily', Array<{ id: string }>>('listAdvisorsOfFamily', {
      params: { familyId: family.familyId },
    });
    expect(advisors.status).toBe(200);
    expect(advisors.body.map((row) => row.id)).toContain(alphaAdvisor.userId);
    expect(namesBeta(advisors.body)).toBe(false);
    expectError(await alphaAdvisor.client.call('getEntityViaFamily', { params: { entityId: beta.entityId, familyId: family.familyId } }), 4);
    expectError(await alphaAdvisor.client.call('listOwnersViaFamily', { params: { entityId: beta.entityId, familyId: family.familyId } }), 4);
  });

  it('reads the history with the other company’s changes by "another advisor", and none of its relation', async () => {
    const history = await alphaAdvisor.client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId: family.familyId }, query: { limit: '100' } });
    const byBeta = history.body.results.filter((event) => event.itemId === betaAction.id || event.itemId === betaAnswer.id);
    expect(byBeta.length).toBeGreaterThanOrEqual(2);
    for (const event of byBeta)
      expect(event.actor).toEqual({ userId: anotherAdvisorId, firstName: '', lastName: '', entityId: 0, entityName: '', entityTypeId: 2 });
    expect(namesBeta(history.body.results.map((event) => event.actor))).toBe(false);
    // Nor do the undo states of their changes (creator, assignee, voter).
    expect(namesBeta(byBeta)).toBe(false);
    expect(namesBeta(history.body.results.filter((event) => event.actor.userId === anotherAdvisorId))).toBe(false);
    expect(
      history.body.results
        .filter((event) => event.itemType === 'shares' || event.itemType === 'advisor')
        .every((event) => event.itemId.split(':')[0] === String(alpha.entityId)),
    ).toBe(true);
  });

  it('does not see the other company’s people on the canvas; the family sees everybody', async () => {
    const membersOf = (message: LiveServerMessage): PresenceMember[] => (message.type === 'presence' ? message.members : []);
    const has = (message: LiveServerMessage, userId: string) => membersOf(message).some((member) => member.userId === userId);
    const owner = await open(family.owner.client);
    const alphaSocket = await open(alphaAdvisor.client, family.familyId);
    alphaSocket.send({ action: 'presence', sectionId, categoryId, editingItemId: null });
    await owner.waitFor((message) => has(message, alphaAdvisor.userId), { timeoutMs: 10_000 });
    const mark = alphaSocket.messages.length;
    const betaSocket = await open(betaAdvisor.client, family.familyId);
    betaSocket.send({ action: 'presence', sectionId, categoryId, editingItemId: null });
    // The family sees the other company's advisor arrive, and where they are...
    await owner.waitFor((message) => membersOf(message).some((member) => member.userId === betaAdvisor.userId && member.sectionId === sectionId), {
      timeoutMs: 10_000,
    });
    // ...the first company's advisor gets the same list, without them.
    const seen = await alphaSocket.waitFor((message) => message.type === 'presence' && has(message, family.owner.userId), { from: mark, timeoutMs: 10_000 });
    expect(has(seen, alphaAdvisor.userId)).toBe(true);
    const lists = alphaSocket.messages.slice(mark).filter((message) => message.type === 'presence');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.some((message) => namesBeta(membersOf(message)))).toBe(false);
  });
});

describe('the family', () => {
  it('sees every company and advisor, and may show advisors which companies work with it (owners and admins only); their people stay hidden', async () => {
    const header = await family.owner.client.call<'listCanvasAdvisorCompanies', AdvisorCompanyChipsResponse>('listCanvasAdvisorCompanies');
    expect(header.body.map((chip) => chip.id).sort()).toEqual([alpha.entityId, beta.entityId].sort());
    const canvas = await getCanvas(fullMember.client);
    const action = canvas.sections
      .flatMap((section) => section.categories)
      .flatMap((category) => category.actionPoints)
      .find((candidate) => candidate.id === betaAction.id);
    expect(action).toMatchObject({ assigneeId: betaAdvisor.userId, createdByUserId: betaAdvisor.userId });
    const users = await fullMember.client.call<'listCanvasUsers', CanvasUsersResponse>('listCanvasUsers', { params: { entityId: family.familyId } });
    expect(users.body.map((user) => user.userId)).toEqual(expect.arrayContaining([alphaAdvisor.userId, betaAdvisor.userId]));
    const history = await fullMember.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '100' } });
    expect(history.body.results.find((event) => event.itemId === betaAction.id)?.actor).toMatchObject({ userId: betaAdvisor.userId, entityName: betaName });
    expect((await getCanvas(family.owner.client)).advisorCompaniesVisibleToAdvisors).toBe(false);
    expectError(await fullMember.client.call('updateCanvasTitle', { body: { advisorCompaniesVisibleToAdvisors: true } }), 8);
    expectError(await alphaAdvisor.client.call('updateCanvasTitle', { body: { advisorCompaniesVisibleToAdvisors: true } }), 8);
    expectError(await family.owner.client.call('updateCanvasTitle', { looseBody: { advisorCompaniesVisibleToAdvisors: 'yes' } }), 2);
    expectError(await family.owner.client.call('updateCanvasTitle'), 2);
    const chosen = await family.owner.client.call<'updateCanvasTitle', { advisorCompaniesVisibleToAdvisors: boolean; title: string }>('updateCanvasTitle', {
      body: {
        advisorCompaniesVisibleToAdvisors: true,
      },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ id: family.familyId, title: family.canvas.title, advisorCompaniesVisibleToAdvisors: true });
    expect((await getCanvas(alphaAdvisor.client, family.familyId)).advisorCompaniesVisibleToAdvisors).toBe(true);

    const shown = await alphaAdvisor.client.call<'listCanvasAdvisorCompaniesOf', AdvisorCompanyChipsResponse>('listCanvasAdvisorCompaniesOf', {
      params: { id: family.familyId },
    });
    expect(shown.body.map((chip) => chip.entityName).sort()).toEqual(['Alphaville Advisors', betaName]);
    const advisorCanvas: Canvas = await getCanvas(alphaAdvisor.client, family.familyId);
    expect(JSON.stringify(advisorCanvas)).not.toContain(betaAdvisor.userId);
    const picker = await alphaAdvisor.client.call<'listCanvasUsers', CanvasUsersResponse>('listCanvasUsers', { params: { entityId: family.familyId } });
    expect(picker.body.map((user) => user.userId)).not.toContain(betaAdvisor.userId);

    // And back: the default again.
    await family.owner.client.call('updateCanvasTitle', { body: { advisorCompaniesVisibleToAdvisors: false } });
    const hidden = await alphaAdvisor.client.call<'listCanvasAdvisorCompaniesOf', AdvisorCompanyChipsResponse>('listCanvasAdvisorCompaniesOf', {
      params: { id: family.familyId },
    });
    expect(hidden.body.map((chip) => chip.id)).toEqual([alpha.entityId]);
  });
});

describe('the weekly digest of an advisor', () => {
  afterAll(() => resetClock());

  it('tells of the other company’s changes as "Another advisor", never by name', async () => {
    advanceClock(nextDigestHour('weekly', 'UTC', now())!.getTime() - now().getTime() + 5 * 60_000);
    await runDigests();
    const mails = (await stack.emailsTo(alphaAdvisor.email)).filter((email) => email.subject.startsWith('Your Family Canvas'));
    expect(mails).toHaveLength(1);
    const all = `${mails[0]!.subject}\n${mails[0]!.body.text}\n${mails[0]!.body.html}`;
    expect(all).toContain('Another advisor added the action point “Beta plan”');
    expect(all).not.toContain(betaPersonName);
    expect(all).not.toContain(betaName);
  });
});
