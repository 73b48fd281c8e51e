import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserSessionsResponse } from '../../shared/contracts/auth';
import type { Takeaway } from '../../shared/contracts/canvas';
import {
  maxSocketsPerSession,
  maxSocketsPerUser,
  presenceMessagesPerSecond,
  type CloseReason,
  type LiveServerMessage,
  type PresenceMember,
} from '../../shared/contracts/live';
import { dayIn } from '../../shared/dates';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { advanceClock, durations, freezeClock, now, nowEpochSeconds, resetClock } from '../../functions/lib/clock';
import { db, tableName } from '../../functions/lib/db/client';
import { sessionCookieName } from '../../functions/domain/sessions/session';
import { hashToken } from '../../functions/lib/secret-tokens';
import { connectionsOfUser } from '../../functions/records/connections';
import { keys } from '../../functions/lib/db/keys';
import { signIn, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { LiveSocket, liveSocketsOf, refusedHandshake } from '../support/live';

/**
 * The one access decision at the moment of delivery, on the live channel: a socket whose
 * session ends (revoked, the others revoked, idle, past its absolute end, or gone by any
 * path at all) or whose time-boxed access has passed is closed within 5 seconds and gets
 * nothing after; presence names only real items of the announced section, at most once a
 * second; a user's sockets are capped. Real handlers, real `ws` sockets, DynamoDB Local's
 * stream feeding the real sender; the server's clock is moved instead of waiting.
 */

const stack = useIntegrationStack();
const budgetMs = 5000;

let family: FamilyWithCanvas;
let sharedSectionId: number;
let sharedCategoryId: number;
let otherSectionId: number;
let otherCategoryId: number;
const open = liveSocketsOf(stack);

afterEach(() => resetClock());

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Access Family');
  sharedSectionId = family.canvas.sections[0]!.id;
  sharedCategoryId = family.canvas.sections[0]!.categories[0]!.id;
  otherSectionId = family.canvas.sections[1]!.id;
  otherCategoryId = family.canvas.sections[1]!.categories[0]!.id;
});

async function takeaway(writer: ApiClient, categoryId: number, title: string): Promise<Takeaway> {
  const response = await writer.call<'createTakeaway', Takeaway>('createTakeaway', { params: { categoryId }, body: { title, categoryId } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A fresh session of an account (after the clock moved past every older session's idle end). */
async function freshClient(account: TestAccount): Promise<ApiClient> {
  const client = stack.client();
  const signedIn = await signIn(client, account.email, account.plainPassword);
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return client;
}

/** The stored key of a client's session: the hash of its cookie's token. */
function sessionHashOf(client: ApiClient): string {
  const token = client
    .cookieHeader()
    .split('; ')
    .find((pair) => pair.startsWith(`${sessionCookieName}=`))!
    .slice(sessionCookieName.length + 1);
  return hashToken(token);
}

const isChange = (message: LiveServerMessage): message is Extract<LiveServerMessage, { type: 'change' }> => message.type === 'change';

/**
 * `closed` with the reason and then the close, within the budget from `startedAt`; the
 * change `trigger` wrote (if any) never reached the socket, and a write after the close
 * reaches it no more.
 */
async function expectClosed(socket: LiveSocket, reason: CloseReason, startedAt: number, writer: ApiClient, trigger?: Takeaway): Promise<void> {
  const closed = await socket.waitFor((message) => message.type === 'closed', { timeoutMs: budgetMs });
  expect(closed).toEqual({ type: 'closed', reason });
  await Promise.race([socket.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), budgetMs))]);
  expect(Date.now() - startedAt).toBeLessThan(budgetMs);
  const count = socket.messages.length;
  expect(socket.messages.at(-1)).toEqual(closed);
  // Fence: the writer's own socket gets the change; the sender delivers it to every socket of the canvas at once.
  const witness = await open(writer);
  const after = await takeaway(writer, sharedCategoryId, 'After the close');
  await witness.waitFor((message) => isChange(message) && message.event.itemId === after.id, { timeoutMs: budgetMs });
  expect(socket.messages.length).toBe(count);
  for (const item of [trigger, after]) if (item) expect(JSON.stringify(socket.messages)).not.toContain(item.id);
}

describe('a session that ends takes its sockets with it', () => {
  it('revoking one session closes the sockets opened with it (signedOut); the user’s other session keeps its socket', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Revoked');
    const laptop = await freshClient(member);
    const stays = await open(member.client);
    const goes = await open(laptop);
    const sessions = (await member.client.call<'listSessions', UserSessionsResponse>('listSessions')).body;
    expect(sessions).toHaveLength(2);
    const target = sessions.find((session) => !session.current)!;
    const startedAt = Date.now();
    expect((await member.client.call('revokeSession', { params: { id: target.id } })).status).toBe(204);
    await expectClosed(goes, 'signedOut', startedAt, family.owner.client);
    expect(stays.isOpen).toBe(true);
    await stays.waitFor((message) => isChange(message) && message.event.title === 'After the close');
  });

  it('“sign out everywhere else” closes the sockets of every other session, not the caller’s', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Everywhere');
    const [phone, tablet] = [await freshClient(member), await freshClient(member)];
    const own = await open(member.client);
    const others = [await open(phone), await open(tablet), await open(tablet)];
    const startedAt = Date.now();
    const revoked = await member.client.call<'revokeOtherSessions', { revoked: number }>('revokeOtherSessions');
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    for (const socket of others) await expectClosed(socket, 'signedOut', startedAt, family.owner.client);
    expect(own.isOpen).toBe(true);
  });

  it('an idle session’s socket is closed at the next delivery, and that change never reaches it', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Idle');
    const socket = await open(member.client);
    advanceClock(31 * durations.minute);
    // Every session is idle now: the writer signs in again.
    const writer = await freshClient(family.owner);
    const startedAt = Date.now();
    const trigger = await takeaway(writer, sharedCategoryId, 'Written while they were idle');
    await expectClosed(socket, 'expired', startedAt, writer, trigger);
  });

  it('with nothing happening on the canvas, the next ping closes the socket of an idle session, and of one past its absolute end', async () => {
    const idle = await memberOf(stack, family.owner, EntityRole.FullMember, 'Pinging');
    const idleSocket = await open(idle.client);
    advanceClock(31 * durations.minute);
    const writer = await freshClient(family.owner);
    let startedAt = Date.now();
    idleSocket.send({ action: 'ping' });
    await expectClosed(idleSocket, 'expired', startedAt, writer);
    expect(idleSocket.messages.some((message) => message.type === 'pong')).toBe(false);
    resetClock();

    // Past its absolute end (12 hours after sign-in), as the store holds it then.
    const old = await memberOf(stack, family.owner, EntityRole.FullMember, 'Ageing');
    const oldSocket = await open(old.client);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(sessionHashOf(old.client)),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': nowEpochSeconds() - 1 },
      }),
    );
    startedAt = Date.now();
    oldSocket.send({ action: 'ping' });
    await expectClosed(oldSocket, 'expired', startedAt, family.owner.client);
    expect(oldSocket.messages.some((message) => message.type === 'pong')).toBe(false);
  });

  it('a session gone by any path, with no hook telling the channel, gets no further change: the sender decides at delivery', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Vanished');
    const socket = await open(member.client);
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(sessionHashOf(member.client)) }));
    const startedAt = Date.now();
    const trigger = await takeaway(family.owner.client, sharedCategoryId, 'Written after the session went');
    await expectClosed(socket, 'signedOut', startedAt, family.owner.client, trigger);
  });
});

describe('time-boxed access reaches open sockets', () => {
  it('after the relation’s last day, the first change closes the advisor’s socket (accessRemoved) and does not reach it', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Time-boxed Advisors');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Boxed');
    const socket = await open(advisor.client, family.familyId);
    const before = await takeaway(family.owner.client, sharedCategoryId, 'Seen while open');
    await socket.waitFor((message) => isChange(message) && message.event.itemId === before.id, { timeoutMs: budgetMs });
    // The day after the last day: what the store holds once accessUntil lies in the past (the hourly job has not run yet).
    const yesterday = dayIn(new Date(now().getTime() - durations.day), 'UTC');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workRelation(family.familyId, company.entityId),
        UpdateExpression: 'SET accessUntil = :until',
        ExpressionAttributeValues: { ':until': yesterday },
      }),
    );
    const startedAt = Date.now();
    const trigger = await takeaway(family.owner.client, sharedCategoryId, 'After the last day');
    await expectClosed(socket, 'accessRemoved', startedAt, family.owner.client, trigger);
    // HTTP says the same.
    expect((await advisor.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(404);
  });
});

describe('presence tells nobody more than they may see', () => {
  const membersOf = (message: LiveServerMessage) => (message.type === 'presence' ? message.members : []);
  const person = (members: PresenceMember[], userId: string) => members.find((member) => member.userId === userId);
  const intervalMs = 1000 / presenceMessagesPerSecond;

  it('an edited item counts only when it is a real item of the announced section', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Editing');
    const inShared = await takeaway(family.owner.client, sharedCategoryId, 'Edited here');
    const inOther = await takeaway(family.owner.client, otherCategoryId, 'Lies elsewhere');
    const watcher = await open(family.owner.client);
    const editor = await open(member.client);
    const placeSeen = async (message: Record<string, unknown>) => {
      advanceClock(intervalMs);
      const mark = watcher.messages.length;
      editor.send({ action: 'presence', ...message });
      const seen = await watcher.waitFor(
        (incoming) => incoming.type === 'presence' && person(membersOf(incoming), member.userId)?.sectionId === message.sectionId,
        { from: mark, timeoutMs: budgetMs },
      );
      return person(membersOf(seen), member.userId)!;
    };
    // An item of another section, announced as being in this one: the section stays, the item goes.
    expect(await placeSeen({ sectionId: sharedSectionId, editingItemId: inOther.id })).toMatchObject({ sectionId: sharedSectionId, editingItemId: null });
    // A made-up id of this canvas: no such item.
    expect(await placeSeen({ sectionId: otherSectionId, editingItemId: `${family.familyId}.${'b'.repeat(32)}` })).toMatchObject({
      sectionId: otherSectionId,
      editingItemId: null,
    });
    // The real item in its own section: passed on.
    expect(await placeSeen({ sectionId: sharedSectionId, editingItemId: inShared.id })).toMatchObject({
      sectionId: sharedSectionId,
      editingItemId: inShared.id,
    });
    expect(JSON.stringify(watcher.messages.filter((message) => message.type === 'presence'))).not.toContain(inOther.id);
  });

  it('a place the sender may no longer see (shares narrowed since) is shown to nobody', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Narrowing Advisors');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Narrowed');
    const item = await takeaway(family.owner.client, otherCategoryId, 'Soon out of sight');
    const watcher = await open(family.owner.client);
    const advisorSocket = await open(advisor.client, family.familyId);
    advanceClock(intervalMs);
    advisorSocket.send({ action: 'presence', sectionId: otherSectionId, editingItemId: item.id });
    await watcher.waitFor((message) => message.type === 'presence' && person(membersOf(message), advisor.userId)?.editingItemId === item.id, {
      timeoutMs: budgetMs,
    });
    const narrowed = await family.owner.client.call('updateCanvasShares', {
      params: { entityId: company.entityId },
      body: { canvasSections: [sharedSectionId] },
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    // The next list (somebody joins) shows the advisor without a place.
    const mark = watcher.messages.length;
    await open(family.owner.client);
    const next = await watcher.waitFor((message) => message.type === 'presence' && person(membersOf(message), advisor.userId) !== undefined, {
      from: mark,
      timeoutMs: budgetMs,
    });
    expect(person(membersOf(next), advisor.userId)).toMatchObject({ sectionId: null, categoryId: null, editingItemId: null });
    expect(advisorSocket.isOpen).toBe(true);
  });

  it('takes at most one presence message per second and socket; the rest are dropped', async () => {
    const socket = await open(family.owner.client);
    // The server's clock moves only as the test says (afterEach starts it again).
    freezeClock();
    advanceClock(intervalMs);
    socket.send({ action: 'presence', sectionId: sharedSectionId });
    await socket.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.sectionId === sharedSectionId, {
      timeoutMs: budgetMs,
    });
    // Less than a second later (by the server's clock): dropped.
    advanceClock(intervalMs * 0.3);
    const mark = socket.messages.length;
    socket.send({ action: 'presence', sectionId: otherSectionId });
    // Fence: the gateway hands a socket's messages to the handler one after the other, so the pong comes after the dropped message was decided.
    socket.send({ action: 'ping' });
    const fence = await socket.waitFor((message) => message.type === 'pong', { from: mark, timeoutMs: budgetMs });
    expect(
      socket.messages
        .slice(mark, socket.messages.indexOf(fence))
        .some((message) => person(membersOf(message), family.owner.userId)?.sectionId === otherSectionId),
    ).toBe(false);
    // The client is told when the gap ends, to send its latest presence again then (docs/product/live.md).
    expect(socket.messages.slice(mark, socket.messages.indexOf(fence))).toContainEqual({ type: 'presenceTooSoon', retryInMs: intervalMs * 0.7 });
    // A second after the one taken: taken again.
    advanceClock(intervalMs);
    socket.send({ action: 'presence', sectionId: otherSectionId });
    await socket.waitFor((message) => message.type === 'presence' && person(membersOf(message), family.owner.userId)?.sectionId === otherSectionId, {
      from: mark,
      timeoutMs: budgetMs,
    });
  });

  it(`refuses a session’s socket beyond ${maxSocketsPerSession} and a user’s beyond ${maxSocketsPerUser} (429), and opens one again once a socket closed`, async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Many');
    const sessions = [member.client, await freshClient(member), await freshClient(member)];
    const sockets: LiveSocket[] = [];
    for (let n = 0; n < maxSocketsPerSession; n += 1) sockets.push(await open(sessions[0]!));
    expect(await refusedHandshake(stack, sessions[0]!)).toBe(429);
    for (const session of sessions.slice(1)) for (let n = 0; n < maxSocketsPerSession; n += 1) sockets.push(await open(session));
    expect(sockets).toHaveLength(maxSocketsPerUser);
    const fourth = await freshClient(member);
    expect(await refusedHandshake(stack, fourth)).toBe(429);
    // Somebody else is not affected; and a closed socket frees its place.
    await (await open(family.owner.client)).close();
    await sockets[0]!.close();
    // The gateway's $disconnect forgets the closed socket: polled, within the budget.
    const deadline = Date.now() + budgetMs;
    while ((await connectionsOfUser(member.userId)).length >= maxSocketsPerUser) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const again = await open(fourth);
    expect(again.isOpen).toBe(true);
  });
});
