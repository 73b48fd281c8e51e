import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EntityRole } from '../../shared/enums';
import type { Answer } from '../../shared/contracts/canvas';
import type { HistoryPage } from '../../shared/contracts/history';
import { localRoundTripsHeader } from '../../infra/local/gateway';
import { resetActorCacheForTests } from '../../functions/records/journal-recording';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { signIn } from '../support/accounts';
import type { TestAccount } from '../support/accounts';
import { familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';

/**
 * An answer create, a vote and an unvote cost at most 3 DynamoDB round trips (docs/architecture.md#budgets): the
 * session, the canvas Query and the transaction, every time, a session's first canvas write
 * included. The names a history event gives its author are kept on the session from where it
 * is made (the sign-in reads the user and its entities anyway; set-current-entity and
 * accepting an invitation too: Session.actor), so no write reads the user or the entity, in
 * a cold Lambda too (every measure below starts with an empty process cache). The push of
 * the session's idle expiry (at most every 5 minutes) rides in the write's own transaction.
 * Counted by the table client for the one request alone, as the local gateway reports it
 * (x-local-round-trips): the live sender runs in this process too and reads the change while
 * the answer is on its way back.
 */
const stack = useIntegrationStack();
const budget = 3;

let family: FamilyWithCanvas;
let member: TestAccount;
let values: number;
let another: number;
let membersAnswer: Answer;

async function trips<T>(send: () => Promise<{ status: number; body: T; headers: Headers }>, status: number): Promise<{ roundTrips: number; body: T }> {
  await stack.streamSettled();
  resetActorCacheForTests();
  const response = await send();
  const roundTrips = Number(response.headers.get(localRoundTripsHeader));
  expect(response.status, String(JSON.stringify(response.body)).slice(0, 300)).toBe(status);
  return { roundTrips, body: response.body };
}

const createAnswer = (client: ApiClient, question: number, text: string, category = values) =>
  client.call<'createAnswer', Answer>('createAnswer', {
    params: { questionId: `${category}.${question}` },
    body: { questionId: `${category}.${question}`, text },
  });

async function latestActor(client: ApiClient) {
  await stack.streamSettled();
  const page = await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '1' } });
  expect(page.status).toBe(200);
  return page.body.results[0]?.actor;
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Budget Writers Family');
  member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Vera');
  values = family.canvas.sections[0]?.categories[0]?.id as number;
  another = family.canvas.sections[0]?.categories[1]?.id as number;
}, 180_000);

beforeEach(() => resetActorCacheForTests());
afterEach(() => resetClock());

/** A new browser of the account, signed in with its password: a session that has written nothing yet. */
async function freshSession(account: TestAccount): Promise<ApiClient> {
  const client = stack.client();
  expect((await signIn(client, account.email, account.plainPassword)).status).toBe(200);
  return client;
}

describe(`canvas writes within ${budget} round trips`, () => {
  it("a session's first write and every later one: answer create, vote and unvote take 3 each, from a cold process", async () => {
    // The first canvas write of a session signed in just now.
    const memberSession = await freshSession(member);
    const first = await trips(() => createAnswer(memberSession, 1, 'Family first'), 201);
    expect(first.roundTrips).toBe(budget);
    membersAnswer = first.body;
    expect((await createAnswer(family.owner.client, 1, 'Home first')).status).toBe(201);

    const answer = await trips(() => createAnswer(family.owner.client, 2, 'Learning together'), 201);
    // A vote as a session's first write, too.
    const ownerSession = await freshSession(family.owner);
    const vote = await trips(() => ownerSession.call('addAnswerVote', { params: { answerId: membersAnswer.id } }), 201);
    const unvote = await trips(() => ownerSession.call('removeAnswerVote', { params: { answerId: membersAnswer.id } }), 204);
    expect({ first: first.roundTrips, answerCreate: answer.roundTrips, vote: vote.roundTrips, unvote: unvote.roundTrips }).toEqual({
      first: budget,
      answerCreate: budget,
      vote: budget,
      unvote: budget,
    });
    // And the member's second write as well.
    expect((await trips(() => memberSession.call('addAnswerVote', { params: { answerId: answer.body.id } }), 201)).roundTrips).toBe(budget);
    // The events still name their author and family.
    expect(await latestActor(family.owner.client)).toMatchObject({ userId: member.userId, firstName: 'Vera', entityName: 'Budget Writers Family' });
  });

  // Every write below starts from an empty process cache (beforeEach and resetActorCacheForTests):
  // the names come from the session, which the rename updated.
  it('names the author by their new name after a rename of the user or of the family', async () => {
    expect((await family.owner.client.call('updateUser', { params: { userId: member.userId }, body: { firstName: 'Veronica' } })).status).toBe(403);
    expect((await member.client.call('updateUser', { params: { userId: member.userId }, body: { firstName: 'Veronica' } })).status).toBe(200);
    // The rename gave the member's sessions the new name: the write reads none (3).
    expect((await trips(() => createAnswer(member.client, 3, 'After the rename'), 201)).roundTrips).toBe(budget);
    expect(await latestActor(member.client)).toMatchObject({ userId: member.userId, firstName: 'Veronica', entityName: 'Budget Writers Family' });

    expect((await family.owner.client.call('updateEntity', { body: { entityName: 'Renamed Writers Family' } })).status).toBe(200);
    resetActorCacheForTests();
    expect((await trips(() => createAnswer(member.client, 4, 'After the family rename'), 201)).roundTrips).toBe(budget);
    expect(await latestActor(member.client)).toMatchObject({ userId: member.userId, firstName: 'Veronica', entityName: 'Renamed Writers Family' });
    // And a vote after both renames.
    const oneMore = (await createAnswer(family.owner.client, 3, 'One more')).body;
    expect((await trips(() => member.client.call('addAnswerVote', { params: { answerId: oneMore.id } }), 201)).roundTrips).toBe(budget);
  });

  // Last: its events are dated after the clock moved forward (afterEach sets it back).
  it('a write that owes the session its renewal carries it in its own transaction: still 3, and the session lives on', async () => {
    const session = await freshSession(member);
    // Past the touch interval (5 minutes), within the idle lifetime (30): this request pushes the idle expiry.
    advanceClock(6 * durations.minute);
    const answer = await trips(() => createAnswer(session, 1, 'After a pause', another), 201);
    expect(answer.roundTrips).toBe(budget);
    // 26 more minutes: past the expiry the sign-in set, not past the one the write pushed.
    advanceClock(26 * durations.minute);
    const later = await trips(() => createAnswer(session, 2, 'After a longer pause', another), 201);
    expect(later.roundTrips).toBe(budget);
    expect((await session.call('getOwnCanvas')).status).toBe(200);
  });
});
