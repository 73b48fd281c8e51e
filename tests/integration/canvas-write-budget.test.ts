import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EntityRole } from '../../shared/enums';
import type { Answer } from '../../shared/contracts/canvas';
import type { HistoryPage } from '../../shared/contracts/history';
import { localRoundTripsHeader } from '../../infra/local/gateway';
import { resetActorCacheForTests } from '../../functions/domain/journal/journal';
import type { TestAccount } from '../support/accounts';
import { familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';

/**
 * Issue 24: an answer create, a vote and an unvote cost at most 3 DynamoDB round trips: the
 * session, the canvas Query and the transaction. The names a history event gives its author
 * are kept on the session by its first canvas write (functions/domain/journal/journal.ts
 * resolveActor), so a later write reads neither the user nor the entity, in a cold Lambda too
 * (every measure below starts with an empty process cache). Counted by the table client for
 * the one request alone, as the local gateway reports it (x-local-round-trips): the live sender
 * runs in this process too and reads the change while the answer is on its way back.
 */
const stack = useIntegrationStack();
const budget = 3;

let family: FamilyWithCanvas;
let member: TestAccount;
let values: number;
let membersAnswer: Answer;

async function trips<T>(send: () => Promise<{ status: number; body: T; headers: Headers }>, status: number): Promise<{ roundTrips: number; body: T }> {
  await stack.streamSettled();
  resetActorCacheForTests();
  const response = await send();
  const roundTrips = Number(response.headers.get(localRoundTripsHeader));
  expect(response.status, String(JSON.stringify(response.body)).slice(0, 300)).toBe(status);
  return { roundTrips, body: response.body };
}

const createAnswer = (client: ApiClient, question: number, text: string) =>
  client.post<Answer>(`/api/canvas-answer/create/${values}.${question}`, { questionId: `${values}.${question}`, text });

async function latestActor(client: ApiClient) {
  await stack.streamSettled();
  const page = await client.get<HistoryPage>('/api/canvas/history?limit=1');
  expect(page.status).toBe(200);
  return page.body.results[0]?.actor;
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Budget Writers Family');
  member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Vera');
  values = family.canvas.sections[0]?.categories[0]?.id as number;
}, 180_000);

beforeEach(() => resetActorCacheForTests());

describe(`canvas writes within ${budget} round trips`, () => {
  it("a session's first write reads its names once and keeps them; then answer create, vote and unvote take 3 each, from a cold process", async () => {
    // The first canvas write of each session: one BatchGet more (user and entity), never again.
    const first = await trips(() => createAnswer(member.client, 1, 'Family first'), 201);
    expect(first.roundTrips).toBeLessThanOrEqual(budget + 1);
    membersAnswer = first.body;
    expect((await createAnswer(family.owner.client, 1, 'Home first')).status).toBe(201);

    const answer = await trips(() => createAnswer(family.owner.client, 2, 'Learning together'), 201);
    const vote = await trips(() => family.owner.client.post(`/api/canvas-answer/vote/${membersAnswer.id}`), 201);
    const unvote = await trips(() => family.owner.client.delete(`/api/canvas-answer/vote/${membersAnswer.id}`), 204);
    expect({ answerCreate: answer.roundTrips, vote: vote.roundTrips, unvote: unvote.roundTrips }).toEqual({
      answerCreate: budget,
      vote: budget,
      unvote: budget,
    });
    // And the member's second write as well.
    expect((await trips(() => member.client.post(`/api/canvas-answer/vote/${answer.body.id}`), 201)).roundTrips).toBe(budget);
    // The events still name their author and family.
    expect(await latestActor(family.owner.client)).toMatchObject({ userId: member.userId, firstName: 'Vera', entityName: 'Budget Writers Family' });
  });

  // Every write below starts from an empty process cache (beforeEach and resetActorCacheForTests):
  // a process that read the names before the rename keeps them for up to a minute, as before.
  it('names the author by their new name after a rename of the user or of the family', async () => {
    expect((await family.owner.client.patch(`/api/user/${member.userId}`, { firstName: 'Veronica' })).status).toBe(403);
    expect((await member.client.patch(`/api/user/${member.userId}`, { firstName: 'Veronica' })).status).toBe(200);
    expect((await createAnswer(member.client, 3, 'After the rename')).status).toBe(201);
    expect(await latestActor(member.client)).toMatchObject({ userId: member.userId, firstName: 'Veronica', entityName: 'Budget Writers Family' });

    expect((await family.owner.client.patch('/api/entities/update', { entityName: 'Renamed Writers Family' })).status).toBe(200);
    resetActorCacheForTests();
    expect((await createAnswer(member.client, 4, 'After the family rename')).status).toBe(201);
    expect(await latestActor(member.client)).toMatchObject({ userId: member.userId, firstName: 'Veronica', entityName: 'Renamed Writers Family' });
    // Kept again: the next write is back within the budget.
    const another = (await createAnswer(family.owner.client, 3, 'One more')).body;
    expect((await trips(() => member.client.post(`/api/canvas-answer/vote/${another.id}`), 201)).roundTrips).toBe(budget);
  });
});
