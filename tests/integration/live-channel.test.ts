import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, freezeClock, resetClock } from '../../functions/lib/clock';
import type { ActionPoint, Answer, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage } from '../../shared/contracts/history';
import { pingsPerSecond, presenceMessagesPerSecond, type LiveServerMessage, type PresenceMember } from '../../shared/contracts/live';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { afterSentMessagesHandled, changesIn, liveSocketsOf, messagesBeforeMark, refusedHandshake, takeawayMark } from '../support/live';

/**
 * The live channel (issue "live canvas", server part): the handshake's refusals, a change
 * event for every kind of canvas write in journal order, presence, ping. Real handlers
 * through the local gateway's /ws, DynamoDB Local's stream feeding the real sender, real
 * `ws` clients.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let full: TestAccount;
let stranger: FamilyWithCanvas;
let company: TestAccount;
let sectionAdvisor: TestAccount;
let sharedSectionId: number;
let sharedCategoryId: number;
let hiddenSectionId: number;
let hiddenCategoryId: number;
const open = liveSocketsOf(stack);
/** Presence messages closer together than this are dropped: the server's clock is moved on between them, instead of waiting. */
const presenceIntervalMs = 1000 / presenceMessagesPerSecond;
/** Pings closer together than this are dropped. */
const pingIntervalMs = 1000 / pingsPerSecond;
afterAll(() => resetClock());

async function history(client: ApiClient, familyId?: number, limit = 100): Promise<HistoryEvent[]> {
  const response = familyId
    ? await client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId }, query: { limit } })
    : await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results;
}

async function ok<T>(promise: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const response = await promise;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Live Family');
  full = await memberOf(stack, family.owner, EntityRole.FullMember, 'Sofia');
  stranger = await familyWithCanvas(stack, 'Stranger Family');
  sharedSectionId = family.canvas.sections[0]!.id;
  sharedCategoryId = family.canvas.sections[0]!.categories[0]!.id;
  hiddenSectionId = family.canvas.sections[1]!.id;
  hiddenCategoryId = family.canvas.sections[1]!.categories[0]!.id;
  company = await advisorCompanyFor(stack, family.familyId, [sharedSectionId], 'Live Advisors');
  sectionAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Section');
});

describe('the handshake', () => {
  it('is refused without a session (401), with a foreign Origin or none (403), for a stranger’s canvas (403), for an advisor without a family id (403)', async () => {
    expect(await refusedHandshake(stack, null, { familyId: family.familyId })).toBe(401);
    const signedOut = stack.client();
    expect(await refusedHandshake(stack, signedOut)).toBe(401);
    expect(await refusedHandshake(stack, family.owner.client, { origin: 'https://evil.example' })).toBe(403);
    expect(await refusedHandshake(stack, family.owner.client, { origin: 'http://localhost:5173.evil.example' })).toBe(403);
    expect(await refusedHandshake(stack, family.owner.client, { origin: null })).toBe(403);
    expect(await refusedHandshake(stack, stranger.owner.client, { familyId: family.familyId })).toBe(403);
    expect(await refusedHandshake(stack, family.owner.client, { familyId: stranger.familyId })).toBe(403);
    expect(await refusedHandshake(stack, sectionAdvisor.client)).toBe(403);
    expect(await refusedHandshake(stack, family.owner.client, { familyId: 'abc' })).toBe(400);
    // A canvas that does not exist looks like one the caller may not see.
    expect(await refusedHandshake(stack, sectionAdvisor.client, { familyId: 999_999 })).toBe(403);
  });

  it('is accepted for a member (own family, with or without the id) and an advisor naming the family; ping answers pong', async () => {
    const own = await open(family.owner.client);
    const named = await open(full.client, family.familyId);
    const advisor = await open(sectionAdvisor.client, family.familyId);
    own.send({ action: 'ping' });
    await own.waitFor((message) => message.type === 'pong');
    // Malformed messages are dropped; the socket stays open and answers the next ping.
    named.send({ action: 'shout' });
    named.socket.send('not json');
    named.send({ action: 'ping' });
    await named.waitFor((message) => message.type === 'pong');
    expect(named.isOpen && advisor.isOpen).toBe(true);
    await Promise.all([own.close(), named.close(), advisor.close()]);
  });
});

describe('pings', () => {
  it('are answered one a second per socket; those beyond are dropped unanswered (docs/product/live.md)', async () => {
    const socket = await open(family.owner.client);
    // The server's clock stands still: the pings below come within the gap however slow the machine is.
    freezeClock();
    try {
      socket.send({ action: 'ping' });
      await socket.waitFor((message) => message.type === 'pong');
      advanceClock(pingIntervalMs * 0.5);
      const mark = socket.messages.length;
      for (let n = 0; n < 5; n += 1) socket.send({ action: 'ping' });
      await afterSentPresenceAnswered(socket);
      expect(socket.messages.slice(mark).filter((message) => message.type === 'pong')).toEqual([]);
      // A second after the one answered: answered again, once.
      advanceClock(pingIntervalMs * 0.5);
      const again = socket.messages.length;
      socket.send({ action: 'ping' });
      socket.send({ action: 'ping' });
      await afterSentPresenceAnswered(socket);
      expect(socket.messages.slice(again).filter((message) => message.type === 'pong')).toHaveLength(1);
    } finally {
      resetClock();
    }
  });
});

/**
 * Sends a presence message and waits for its answer (the list, or presenceTooSoon), which every
 * message comes with: the gateway hands one socket's messages to the handler in order, so all sent
 * before it were handled by then (a ping is no fence here: it may be dropped).
 */
async function afterSentPresenceAnswered(socket: Awaited<ReturnType<typeof open>>): Promise<void> {
  const mark = socket.messages.length;
  socket.send({ action: 'presence', sectionId: null, categoryId: null, editingItemId: null });
  await socket.waitFor((message) => message.type === 'presence' || message.type === 'presenceTooSoon', { from: mark });
}

describe('change events', () => {
  it('arrive for every kind of write, in journal order, exactly as the writer’s history shows them', async () => {
    const listener = await open(full.client);
    const before = (await history(family.owner.client)).length;
    const owner = family.owner.client;
    const answer = await ok<Answer>(
      owner.call('createAnswer', { params: { questionId: `${sharedCategoryId}.1` }, body: { text: 'We value time', questionId: `${sharedCategoryId}.1` } }),
      201,
    );
    await ok(owner.call('updateAnswer', { params: { id: answer.id }, body: { text: 'We value time together' } }));
    await ok(full.client.call('addAnswerVote', { params: { answerId: answer.id } }), 201);
    await ok(full.client.call('removeAnswerVote', { params: { answerId: answer.id } }), 204);
    const takeaway = await ok<Takeaway>(
      owner.call('createTakeaway', { params: { categoryId: sharedCategoryId }, body: { title: 'Family first', categoryId: sharedCategoryId } }),
      201,
    );
    const goal = await ok<Goal>(
      owner.call('createGoal', { params: { categoryId: hiddenCategoryId }, body: { title: 'Meet monthly', categoryId: hiddenCategoryId } }),
      201,
    );
    const actionPoint = await ok<ActionPoint>(
      owner.call('createActionPoint', { params: { categoryId: hiddenCategoryId }, body: { title: 'Book a room', categoryId: hiddenCategoryId } }),
      201,
    );
    await ok(owner.call('updateTakeaway', { params: { id: takeaway.id }, body: { title: 'Family first, always' } }));
    await ok(owner.call('archiveTakeaway', { params: { id: takeaway.id }, body: { archived: true } }));
    await ok(owner.call('updateGoal', { params: { id: goal.id }, body: { title: 'Meet every month', linkedActionPointIds: [actionPoint.id] } }));
    await ok(owner.call('completeGoal', { params: { id: goal.id }, body: { completed: true } }));
    await ok(owner.call('updateActionPoint', { params: { id: actionPoint.id }, body: { title: 'Book the room' } }));
    await ok(owner.call('completeActionPoint', { params: { id: actionPoint.id }, body: { completed: true } }));
    await ok(owner.call('deleteActionPoint', { params: { id: actionPoint.id } }), 204);
    await ok(owner.call('deleteGoal', { params: { id: goal.id } }), 204);
    await ok(owner.call('deleteTakeaway', { params: { id: takeaway.id } }), 204);
    await ok(owner.call('deleteAnswer', { params: { id: answer.id } }), 204);
    await ok(owner.call('updateCanvasTitle', { body: { title: 'The Live Canvas' } }));
    await ok(owner.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [sharedSectionId, hiddenSectionId] } }));
    await ok(owner.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [sharedSectionId] } }));
    await ok(
      owner.call('updateWorkRelationMember', {
        params: { memberId: sectionAdvisor.userId, entityId: family.familyId },
        body: { workRelationRoleId: WorkRelationRole.Limited },
      }),
    );
    const written = (await history(family.owner.client)).slice(0, (await history(family.owner.client)).length - before).reverse();
    const revert = await ok<{ results: HistoryEvent[] }>(owner.call('revertEvent', { params: { eventId: written.at(-1)!.id } }));
    const expected = [...written, ...revert.results];
    const received = await listener.waitForChanges(expected.length);
    expect(changesIn(await messagesBeforeMark(listener, () => takeawayMark(family.owner.client, sharedCategoryId)))).toEqual(expected);
    expect(new Set(received.map((event) => `${event.itemType}:${event.action}`))).toEqual(
      new Set([
        'answer:created',
        'answer:updated',
        'answer:voted',
        'answer:unvoted',
        'answer:deleted',
        'takeaway:created',
        'takeaway:updated',
        'takeaway:archived',
        'takeaway:deleted',
        'goal:created',
        'goal:updated',
        'goal:completed',
        'goal:deleted',
        'actionPoint:created',
        'actionPoint:updated',
        'actionPoint:completed',
        'actionPoint:deleted',
        'canvas:titleChanged',
        'shares:sharesChanged',
        'advisor:advisorChanged',
        'advisor:reverted',
      ]),
    );
  });

  it('reach a section-limited advisor only for the shared section, and every listener within a second', async () => {
    const advisor = await open(sectionAdvisor.client, family.familyId);
    const member = await open(full.client);
    const hidden = await ok<Takeaway>(
      family.owner.client.call('createTakeaway', { params: { categoryId: hiddenCategoryId }, body: { title: 'Secret plan', categoryId: hiddenCategoryId } }),
      201,
    );
    const writeStarted = Date.now();
    const shared = await ok<Takeaway>(
      family.owner.client.call('createTakeaway', { params: { categoryId: sharedCategoryId }, body: { title: 'Open plan', categoryId: sharedCategoryId } }),
      201,
    );
    const started = Date.now();
    // A second after the answer, and no later than a few of this machine's own writes (a busy machine slows both).
    const deliveryBound = Math.max(1000, 3 * (started - writeStarted));
    const seen = await advisor.waitFor(
      (message): message is Extract<LiveServerMessage, { type: 'change' }> => message.type === 'change' && message.event.itemId === shared.id,
    );
    await member.waitFor((message) => message.type === 'change' && message.event.itemId === shared.id);
    expect(Date.now() - started).toBeLessThan(deliveryBound);
    expect(seen.event).toEqual((await history(sectionAdvisor.client, family.familyId, 1))[0]);
    const markId = await takeawayMark(family.owner.client, sharedCategoryId);
    expect(changesIn(await messagesBeforeMark(advisor, async () => markId)).map((event) => event.itemId)).toEqual([shared.id]);
    expect(JSON.stringify(advisor.messages)).not.toContain(hidden.id);
    expect(JSON.stringify(advisor.messages)).not.toContain('Secret plan');
    expect(changesIn(await messagesBeforeMark(member, async () => markId)).map((event) => event.itemId)).toEqual([hidden.id, shared.id]);
    await Promise.all([advisor.close(), member.close()]);
  });

  it('never reach a canvas other than the socket’s', async () => {
    const listener = await open(stranger.owner.client);
    await ok(
      family.owner.client.call('createTakeaway', { params: { categoryId: sharedCategoryId }, body: { title: 'Elsewhere', categoryId: sharedCategoryId } }),
      201,
    );
    const strangerCategoryId = stranger.canvas.sections[0]!.categories[0]!.id;
    expect(changesIn(await messagesBeforeMark(listener, () => takeawayMark(stranger.owner.client, strangerCategoryId)))).toEqual([]);
    await listener.close();
  });
});

describe('presence', () => {
  const membersOf = (message: LiveServerMessage) => (message.type === 'presence' ? message.members : []);
  const person = (members: PresenceMember[], userId: string) => members.find((member) => member.userId === userId);

  it('shows who joins, moves, edits and leaves; a section-limited advisor sees places only in shared sections', async () => {
    const owner = await open(family.owner.client);
    owner.send({ action: 'presence' });
    await owner.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId) !== undefined);

    const advisor = await open(sectionAdvisor.client, family.familyId);
    // The owner sees the advisor join.
    await owner.waitFor((message) => message.type === 'presence' && person(membersOf(message), sectionAdvisor.userId) !== undefined);
    advisor.send({ action: 'presence', sectionId: sharedSectionId, categoryId: sharedCategoryId, editingItemId: null });
    const joined = await advisor.waitFor(
      (message) => message.type === 'presence' && person(membersOf(message), sectionAdvisor.userId)?.sectionId === sharedSectionId,
    );
    expect(person(membersOf(joined), family.owner.userId)).toMatchObject({ firstName: 'Ada', entityId: family.familyId, state: 'active' });

    // The owner edits an item in a hidden section: the advisor sees them, not where.
    const hiddenItemId = (
      await ok(
        family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
          params: { categoryId: hiddenCategoryId },
          body: { title: 'Edited in private', categoryId: hiddenCategoryId },
        }),
        201,
      )
    ).id;
    advanceClock(presenceIntervalMs);
    const mark = advisor.messages.length;
    owner.send({ action: 'presence', sectionId: hiddenSectionId, categoryId: hiddenCategoryId, editingItemId: hiddenItemId });
    const ownerSees = await owner.waitFor(
      (message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.editingItemId === hiddenItemId,
    );
    expect(person(membersOf(ownerSees), family.owner.userId)).toMatchObject({ sectionId: hiddenSectionId, categoryId: hiddenCategoryId });
    const advisorSees = await advisor.waitFor((message) => message.type === 'presence', { from: mark });
    expect(person(membersOf(advisorSees), family.owner.userId)).toMatchObject({ sectionId: null, categoryId: null, editingItemId: null, state: 'active' });
    expect(JSON.stringify(advisor.messages)).not.toContain(hiddenItemId);

    // In a shared section they see it; away too.
    advanceClock(presenceIntervalMs);
    owner.send({ action: 'presence', sectionId: sharedSectionId, categoryId: sharedCategoryId, editingItemId: null, state: 'away' });
    await advisor.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.categoryId === sharedCategoryId);
    expect(person(membersOf(advisor.messages.at(-1)!), family.owner.userId)?.state).toBe('away');

    // The advisor cannot claim a place in a section hidden from them.
    advanceClock(presenceIntervalMs);
    advisor.send({ action: 'presence', sectionId: hiddenSectionId, categoryId: hiddenCategoryId, editingItemId: null });
    const claimed = await owner.waitFor((message) => message.type === 'presence' && person(membersOf(message), sectionAdvisor.userId)?.sectionId === null);
    expect(person(membersOf(claimed), sectionAdvisor.userId)?.categoryId).toBeNull();

    // Leaving.
    const before = owner.messages.length;
    await advisor.close();
    await owner.waitFor((message) => message.type === 'presence' && person(membersOf(message), sectionAdvisor.userId) === undefined, { from: before });
    await owner.close();
  });

  it('sends the others presence only when it changed: a place said again, or a new socket where it already stood, answers its sender alone', async () => {
    const sofia = await open(full.client);
    sofia.send({ action: 'presence' });
    await sofia.waitFor((message) => message.type === 'presence');
    const before = sofia.messages.length;
    // A new socket: the others see it join ($connect); its first presence, where it already stood, changes nothing for them.
    const owner = await open(family.owner.client);
    owner.send({ action: 'presence' });
    await owner.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId) !== undefined);
    // The same place again: the sender has its answer; nobody else hears of it.
    const place = { action: 'presence', sectionId: sharedSectionId, categoryId: sharedCategoryId, editingItemId: null } as const;
    advanceClock(presenceIntervalMs);
    owner.send(place);
    await sofia.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.categoryId === sharedCategoryId, {
      from: before,
    });
    const afterMove = sofia.messages.length;
    advanceClock(presenceIntervalMs);
    const ownerMark = owner.messages.length;
    owner.send(place);
    await owner.waitFor((message) => message.type === 'presence', { from: ownerMark });
    await afterSentMessagesHandled(owner);
    const sofiaGot = await messagesBeforeMark(sofia, () => takeawayMark(full.client, sharedCategoryId));
    // Sofia heard of the join and of the move, once each, and of nothing else (a list without the owner: an earlier test's socket leaving).
    const owners = sofiaGot.slice(before).flatMap((message) => (message.type === 'presence' ? [person(membersOf(message), family.owner.userId)] : []));
    expect(owners.filter((owner) => owner !== undefined).map((owner) => owner.categoryId)).toEqual([null, sharedCategoryId]);
    expect(sofiaGot.slice(afterMove).filter((message) => message.type === 'presence')).toEqual([]);
    // A change reaches her again.
    advanceClock(presenceIntervalMs);
    owner.send({ ...place, state: 'away' });
    await sofia.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.state === 'away', { from: afterMove });
    await Promise.all([owner.close(), sofia.close()]);
  });

  it('drops presence messages beyond a few per second', async () => {
    const owner = await open(family.owner.client);
    const mark = owner.messages.length;
    const startedAt = Date.now();
    for (let n = 0; n < 20; n += 1) owner.send({ action: 'presence', sectionId: sharedSectionId, categoryId: null, editingItemId: null });
    await afterSentMessagesHandled(owner);
    const lists = owner.messages.slice(mark).filter((message) => message.type === 'presence').length;
    // One list per accepted message: at most one a second (presenceMessagesPerSecond), however long the 20 took.
    expect(lists).toBeGreaterThanOrEqual(1);
    expect(lists).toBeLessThanOrEqual(1 + Math.ceil(((Date.now() - startedAt) / 1000) * presenceMessagesPerSecond));
    await owner.close();
  });

  it('answers a presence message that came within the gap with when to send again; the latest presence sent then reaches the others', async () => {
    const itemId = (
      await ok(
        family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
          params: { categoryId: sharedCategoryId },
          body: { title: 'Edited soon', categoryId: sharedCategoryId },
        }),
        201,
      )
    ).id;
    const sofia = await open(full.client);
    const owner = await open(family.owner.client);
    // The server's clock stands still: the second message is handled within the gap however slow the machine is.
    freezeClock();
    try {
      const place = { action: 'presence', sectionId: sharedSectionId, categoryId: sharedCategoryId, editingItemId: null } as const;
      owner.send(place);
      owner.send({ ...place, editingItemId: itemId });
      const tooSoon = await owner.waitFor((message) => message.type === 'presenceTooSoon');
      expect(tooSoon).toEqual({ type: 'presenceTooSoon', retryInMs: presenceIntervalMs });
      await afterSentMessagesHandled(owner);
      // The place was taken; the editing was not.
      const ownerAsSofiaSees = () => person(membersOf(sofia.messages.findLast((message) => message.type === 'presence')!), family.owner.userId);
      await sofia.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.categoryId === sharedCategoryId);
      expect(ownerAsSofiaSees()?.editingItemId).toBeNull();

      // Sent again once the wait has passed (as the app does), it is taken.
      advanceClock(tooSoon.retryInMs);
      const mark = owner.messages.length;
      owner.send({ ...place, editingItemId: itemId });
      await sofia.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.editingItemId === itemId);
      await afterSentMessagesHandled(owner);
      expect(owner.messages.slice(mark).filter((message) => message.type === 'presenceTooSoon')).toEqual([]);
    } finally {
      resetClock();
    }
    await Promise.all([owner.close(), sofia.close()]);
  });
});
