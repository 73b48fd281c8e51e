import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answer, CategoryResponse } from '../../shared/contracts/canvas';
import type { CreateEntityResponse } from '../../shared/contracts/entities';
import { questionIdOf } from '../../shared/canvas-ids';
import { EntityRole, EntityType } from '../../shared/enums';
import { db } from '../../functions/lib/db/client';
import { getEntity } from '../../functions/records/entities';
import { getMember, listMembersOfEntity } from '../../functions/records/members';
import { putNewMember, roleCounterChange } from '../support/transact-items';
import { toSessionMembership } from '../../functions/domain/access/memberships';
import { startSession } from '../../functions/domain/sessions/session';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { ApiClient, useIntegrationStack, type ApiResponse } from '../support/integration';
import { snapshotTable } from '../support/table';

/**
 * Conditional writes under races: each race is a pair of requests sent at the same
 * moment, and 50 pairs run at once. Whatever the interleaving, DynamoDB's conditions hold
 * the invariants (docs/data-model.md): one vote per user per item, one answer per user per
 * question, never an entity without an owner. The losing request of a pair gets a
 * catalogue refusal, never a 5xx.
 */

const stack = useIntegrationStack();
const rounds = 50;
/** Bounded by rounds, not by the clock: 50 real request pairs may take long on a busy machine. */
const raceTimeoutMs = 180_000;

type ErrorBody = { errorCode?: number };

let family: FamilyWithCanvas;
let author: TestAccount;
let voter: TestAccount;
let answerer: TestAccount;
/** The first 50 questions of the canvas (it has 60). */
let questionIds: string[];

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Race Family');
  [author, answerer] = await Promise.all([
    memberOf(stack, family.owner, EntityRole.FullMember, 'Author'),
    memberOf(stack, family.owner, EntityRole.Admin, 'Answerer'),
  ]);
  voter = family.owner;
  questionIds = family.canvas.sections
    .flatMap((section) => section.categories)
    .flatMap((category) => [1, 2, 3, 4].map((n) => questionIdOf(category.id, n)))
    .slice(0, rounds);
  expect(questionIds).toHaveLength(rounds);
});

/** Items of a type in the table, as the snapshot's JSON lines. */
async function itemsOfType(type: string): Promise<string[]> {
  // The item's own type: history events carry items of that type inside their before/after.
  return (await snapshotTable(stack.dynamoEndpoint, stack.tableName)).filter((item) => (JSON.parse(item) as { type?: { S?: string } }).type?.S === type);
}

/** Sends all pairs at once; answers them pairwise. */
async function racePairs(pairs: Array<[() => Promise<ApiResponse<ErrorBody>>, () => Promise<ApiResponse<ErrorBody>>]>) {
  return Promise.all(pairs.map(([first, second]) => Promise.all([first(), second()])));
}

/** Exactly one of the pair succeeded; the other was refused with one of the codes. */
function expectOneWinner(pair: [ApiResponse<ErrorBody>, ApiResponse<ErrorBody>], successStatus: number, loserCodes: number[]): void {
  const statuses = pair.map((response) => response.status);
  const detail = JSON.stringify(pair.map((response) => [response.status, response.body]));
  expect(
    statuses.filter((status) => status === successStatus),
    detail,
  ).toHaveLength(1);
  const loser = pair.find((response) => response.status !== successStatus)!;
  expect(loser.status, detail).toBeLessThan(500);
  expect(loserCodes, detail).toContain(loser.body.errorCode);
}

describe('conditional-write races, 50 pairs at once', () => {
  it(
    'two votes by the same user on the same answer: exactly one vote stored',
    async () => {
      const answers: Answer[] = [];
      for (let start = 0; start < rounds; start += 10) {
        const batch = await Promise.all(
          questionIds
            .slice(start, start + 10)
            .map((questionId) =>
              author.client.call<'createAnswer', Answer>('createAnswer', { params: { questionId }, body: { questionId, text: 'Worth a vote' } }),
            ),
        );
        for (const response of batch) {
          expect(response.status, JSON.stringify(response.body)).toBe(201);
          answers.push(response.body);
        }
      }
      const vote = (answerId: string) => () => voter.client.call<'addAnswerVote', ErrorBody>('addAnswerVote', { params: { answerId } });
      const results = await racePairs(answers.map((answer) => [vote(answer.id), vote(answer.id)]));
      // The loser either finds the vote (9) or lost the write race and was told to retry (9).
      for (const pair of results) expectOneWinner(pair, 201, [9]);
      // Each answer names its voter exactly once, and the API counts one vote.
      const stored = (await itemsOfType('Answer')).map((item) => JSON.parse(item) as { id: { S: string }; voterIds?: { SS: string[] } });
      for (const answer of answers) {
        expect(stored.find((item) => item.id.S === answer.id)?.voterIds?.SS, answer.id).toEqual([voter.userId]);
      }
      const categoryIds = [...new Set(questionIds.map((questionId) => questionId.split('.')[0]))];
      const categories = await Promise.all(
        categoryIds.map((categoryId) => voter.client.call<'getCategory', CategoryResponse>('getCategory', { params: { id: categoryId! } })),
      );
      const served = new Map(
        categories.flatMap((category) => category.body.questions.flatMap((question) => question.answers)).map((answer) => [answer.id, answer]),
      );
      expect(answers.map((answer) => [served.get(answer.id)?.voteCount, served.get(answer.id)?.hasVoted])).toEqual(answers.map(() => [1, true]));
    },
    raceTimeoutMs,
  );

  it(
    'two answers by the same user to the same question: exactly one answer stored',
    async () => {
      const answer = (questionId: string, text: string) => () =>
        answerer.client.call<'createAnswer', ErrorBody>('createAnswer', { params: { questionId }, body: { questionId, text } });
      const results = await racePairs(questionIds.map((questionId) => [answer(questionId, 'First thought'), answer(questionId, 'Second thought')]));
      for (const pair of results) expectOneWinner(pair, 201, [9]);
      const [stored, questions] = await Promise.all([itemsOfType('Answer'), itemsOfType('Question')]);
      for (const questionId of questionIds) {
        const mine = stored.filter(
          (item) => item.includes(`"createdByUserId":{"S":"${answerer.userId}"}`) && item.includes(`"questionId":{"S":"${questionId}"}`),
        );
        expect(mine, questionId).toHaveLength(1);
        // The question names the answerer (its one-answer-per-user set), once.
        const question = questions
          .map((item) => JSON.parse(item) as { id: { S: string }; answeredBy?: { SS: string[] } })
          .find((item) => item.id.S === questionId);
        expect(
          question?.answeredBy?.SS.filter((userId) => userId === answerer.userId),
          questionId,
        ).toEqual([answerer.userId]);
      }
    },
    raceTimeoutMs,
  );

  it(
    'two people answering the same question at once: both answers stored, both named on the question',
    async () => {
      // Both writes change the same question item; a collision must be planned again, not lost or a 500.
      const second = await memberOf(stack, family.owner, EntityRole.FullMember, 'Second');
      const answer = (client: ApiClient, questionId: string) => () =>
        client.call<'createAnswer', ErrorBody>('createAnswer', { params: { questionId }, body: { questionId, text: 'At the same time' } });
      const results = await racePairs(questionIds.map((questionId) => [answer(voter.client, questionId), answer(second.client, questionId)]));
      for (const pair of results)
        expect(
          pair.map((response) => response.status),
          JSON.stringify(pair.map((response) => response.body)),
        ).toEqual([201, 201]);
      const questions = (await itemsOfType('Question')).map((item) => JSON.parse(item) as { id: { S: string }; answeredBy?: { SS: string[] } });
      for (const questionId of questionIds) {
        const answeredBy = questions.find((item) => item.id.S === questionId)?.answeredBy?.SS ?? [];
        expect(answeredBy.filter((userId) => userId === voter.userId || userId === second.userId).sort(), questionId).toEqual(
          [voter.userId, second.userId].sort(),
        );
      }
    },
    raceTimeoutMs,
  );

  it(
    'two owners removing each other: no entity is ever left without an owner',
    async () => {
      const [first, second] = await Promise.all([signUpAndConfirm(stack), signUpAndConfirm(stack)]);
      // 50 entities of the first owner, each with the second as another owner (through the data
      // module: the same items an accepted invitation writes), and a session per owner and entity.
      const entityIds: number[] = [];
      for (let start = 0; start < rounds; start += 10) {
        const created = await Promise.all(
          Array.from({ length: Math.min(10, rounds - start) }, (_, i) =>
            first.client.call<'createEntity', CreateEntityResponse>('createEntity', {
              body: { entityTypeId: EntityType.Family, entityName: `Owners Race ${start + i}` },
            }),
          ),
        );
        entityIds.push(...created.map((response) => response.body.id));
      }
      const at = new Date().toISOString();
      await Promise.all(
        entityIds.map((entityId) =>
          db().send(
            new TransactWriteCommand({
              TransactItems: [
                putNewMember({ entityId, entityTypeId: EntityType.Family, userId: second.userId, entityRoleId: EntityRole.Owner, at }),
                roleCounterChange(entityId, null, EntityRole.Owner),
              ],
            }),
          ),
        ),
      );
      const sessionCookie = async (account: TestAccount, entityId: number) => {
        const member = await getMember(entityId, account.userId);
        const { cookie } = await startSession(account.userId, toSessionMembership(member!));
        return cookie.split(';')[0]!;
      };
      const cookies = await Promise.all(
        entityIds.map(async (entityId) => [await sessionCookie(first, entityId), await sessionCookie(second, entityId)] as const),
      );
      const remove = (cookie: string, target: TestAccount) => () =>
        new ApiClient(() => stack.apiUrl).call<'removeMember', ErrorBody>('removeMember', { params: { memberId: target.userId }, headers: { cookie } });

      const results = await racePairs(cookies.map(([firstCookie, secondCookie]) => [remove(firstCookie, second), remove(secondCookie, first)]));
      // 62: the guard refused the loser; 4: its session had already lost the entity.
      for (const pair of results) expectOneWinner(pair, 204, [4, 62]);
      for (const entityId of entityIds) {
        const [entity, members] = await Promise.all([getEntity(entityId), listMembersOfEntity(entityId)]);
        const owners = members.filter((member) => member.entityRoleId === EntityRole.Owner && member.isActive);
        expect(owners, `entity ${entityId}`).toHaveLength(1);
        expect(entity?.ownerCount, `entity ${entityId}`).toBe(1);
      }
    },
    raceTimeoutMs,
  );
});
