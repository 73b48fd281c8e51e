import { beforeAll, describe, expect, it } from 'vitest';
import type { Canvas, CategoryResponse } from '../../shared/contracts/canvas';
import { contentIdOf } from '../../shared/canvas-ids';
import { expandCanvasTemplate } from '../../shared/canvas-template';
import { goalTerms, priorities } from '../../shared/enums';
import { batchPut, contentRecord, queryCanvas, questionRecord, type ActionPointItem, type AnswerItem, type GoalItem, type QuestionItem, type TakeawayItem } from '../../functions/lib/db/canvas';
import { roundTripCount } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/db/keys';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';

const stack = useIntegrationStack();

/** DESIGN.md: GET /canvas and GET /canvas/category/{id} cost at most 2 round trips (session + one Query). */
const budget = 2;

let family: FamilyWithCanvas;
let advisor: TestAccount;
const counts = { answers: 240, takeaways: 160, goals: 120, actionPoints: 120, votes: 360 };

const sentence = (n: number, words: number) =>
  Array.from({ length: words }, (_, i) => ['family', 'values', 'time', 'trust', 'legacy', 'purpose', 'together', 'plan'][(n + i) % 8]).join(' ');

/**
 * A lived-in canvas of 1,000 content items written straight to the table through the data
 * module: 240 answers (4 people × 60 questions, each question naming its answerers), 160
 * takeaways, 120 goals linked to a takeaway and an action point each, 120 action points,
 * 360 votes (stored on the answers and takeaways they are for).
 */
async function seedThousandItems(familyId: number, categories: Array<{ id: number; sectionId: number }>, questions: QuestionItem[]): Promise<void> {
  const questionIds = questions.map((question) => question.id);
  const people = Array.from({ length: 6 }, () => newId());
  const at = new Date().toISOString();
  const records: Array<Record<string, unknown>> = [];
  const categoryAt = (n: number) => categories[n % categories.length] as { id: number; sectionId: number };

  const answers: AnswerItem[] = [];
  questionIds.forEach((questionId, q) => {
    for (let p = 0; p < counts.answers / questionIds.length; p += 1) {
      const categoryId = Number(questionId.split('.')[0]);
      const sectionId = categories.find((c) => c.id === categoryId)?.sectionId ?? 0;
      const author = people[p] as string;
      const answer: AnswerItem = { type: 'Answer', id: contentIdOf(familyId, newId()), questionId, categoryId, sectionId, text: sentence(q + p, 22), createdByUserId: author, createdAt: at, version: 1 };
      answers.push(answer);
    }
    const question = questions[q] as QuestionItem;
    records.push(questionRecord(familyId, { ...question, answeredBy: new Set(answers.filter((a) => a.questionId === questionId).map((a) => a.createdByUserId)) }));
  });
  const takeaways: TakeawayItem[] = Array.from({ length: counts.takeaways }, (_, n) => ({
    type: 'Takeaway',
    id: contentIdOf(familyId, newId()),
    categoryId: categoryAt(n).id,
    sectionId: categoryAt(n).sectionId,
    title: sentence(n, 5),
    text: sentence(n, 25),
    initiatorId: people[n % people.length] as string,
    isArchived: n % 10 === 0,
    createdByUserId: people[n % people.length] as string,
    createdAt: at,
    version: 1,
  }));
  const actionPoints: ActionPointItem[] = Array.from({ length: counts.actionPoints }, (_, n) => ({
    type: 'ActionPoint',
    id: contentIdOf(familyId, newId()),
    categoryId: categoryAt(n).id,
    sectionId: categoryAt(n).sectionId,
    title: sentence(n, 6),
    text: sentence(n, 20),
    initiatorId: people[n % people.length] as string,
    assigneeId: people[(n + 1) % people.length] as string,
    priority: priorities[n % priorities.length] as ActionPointItem['priority'],
    isCompleted: n % 4 === 0,
    createdByUserId: people[n % people.length] as string,
    createdAt: at,
    version: 1,
  }));
  const goals: GoalItem[] = Array.from({ length: counts.goals }, (_, n) => {
    const takeaway = takeaways[n] as TakeawayItem;
    const actionPoint = actionPoints[n] as ActionPointItem;
    const goal: GoalItem = {
      type: 'Goal',
      id: contentIdOf(familyId, newId()),
      categoryId: categoryAt(n).id,
      sectionId: categoryAt(n).sectionId,
      title: sentence(n, 6),
      text: sentence(n, 20),
      initiatorId: people[n % people.length] as string,
      goalTerm: goalTerms[n % goalTerms.length] as GoalItem['goalTerm'],
      isCompleted: n % 5 === 0,
      linkedTakeawayIds: new Set([takeaway.id]),
      linkedActionPointIds: new Set([actionPoint.id]),
      createdByUserId: people[n % people.length] as string,
      createdAt: at,
      version: 1,
    };
    takeaway.linkedGoalIds = new Set([goal.id]);
    actionPoint.linkedGoalIds = new Set([goal.id]);
    return goal;
  });
  let votes = 0;
  const vote = (item: AnswerItem | TakeawayItem, voter: string) => {
    (item.voterIds ??= new Set()).add(voter);
    votes += 1;
  };
  for (const item of [...answers, ...takeaways]) {
    for (const voter of people) {
      if (votes >= counts.votes) break;
      if (voter !== item.createdByUserId && (item.id.charCodeAt(item.id.length - 1) + voter.charCodeAt(0)) % 3 === 0) vote(item, voter);
    }
  }
  while (votes < counts.votes) vote(takeaways[votes % takeaways.length] as TakeawayItem, newId());
  for (const item of [...answers, ...takeaways, ...goals, ...actionPoints]) records.push(contentRecord(familyId, item));
  expect(answers.length + takeaways.length + goals.length + actionPoints.length + votes).toBe(1000);
  await batchPut(records);
}

/** Round trips this worker made to DynamoDB while serving one request through the gateway. */
async function measure<T>(client: ApiClient, path: string): Promise<{ roundTrips: number; body: T; bytes: number; ms: number }> {
  const before = roundTripCount();
  const started = performance.now();
  const response = await client.get<T>(path);
  const ms = Math.round(performance.now() - started);
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return { roundTrips: roundTripCount() - before, body: response.body, bytes: JSON.stringify(response.body).length, ms };
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Thousand Family');
  const categories = family.canvas.sections.flatMap((s) => s.categories.map((c) => ({ id: c.id, sectionId: s.id })));
  // The questions as createCanvas stored them (the default template).
  const questions = expandCanvasTemplate(family.familyId).questions.map((question): QuestionItem => ({ type: 'Question', ...question }));
  await seedThousandItems(family.familyId, categories, questions);
  advisor = await advisorCompanyFor(stack, family.familyId, [family.familyId * 1000 + 2], 'Budget Advisors');
});

describe('the round-trip budget on a canvas of 1,000 items', () => {
  it('serves GET /canvas and GET /canvas/category/{id} with the session read and one Query page', async () => {
    const wealth = family.canvas.sections[1]?.categories[0]?.id as number;
    const results = {
      ownCanvas: await measure<Canvas>(family.owner.client, '/api/canvas'),
      canvasById: await measure<Canvas>(family.owner.client, `/api/canvas/${family.familyId}`),
      category: await measure<CategoryResponse>(family.owner.client, `/api/canvas/category/${wealth}`),
      advisorCanvas: await measure<Canvas>(advisor.client, `/api/canvas/${family.familyId}`),
      advisorCategory: await measure<CategoryResponse>(advisor.client, `/api/canvas/category/${wealth}`),
    };
    console.log(
      'canvas budget (1,000 items):',
      Object.fromEntries(Object.entries(results).map(([name, r]) => [name, { roundTrips: r.roundTrips, kilobytes: Math.round(r.bytes / 1024), ms: r.ms }])),
    );
    for (const [name, result] of Object.entries(results)) {
      // Non-zero proves the gateway's handlers count on this worker's client.
      expect(result.roundTrips, name).toBeGreaterThan(0);
      expect(result.roundTrips, name).toBeLessThanOrEqual(budget);
    }
    const partition = await queryCanvas(family.familyId);
    console.log('canvas partition:', { items: partition.length, approximateKilobytes: Math.round(JSON.stringify(partition, (_, v: unknown) => (v instanceof Set ? [...v] : v)).length / 1024) });

    // The answers are complete: every goal and action point, the active takeaways, all answers of the category.
    const all = results.ownCanvas.body.sections.flatMap((s) => s.categories);
    expect(all.reduce((sum, c) => sum + c.goals.length, 0)).toBe(counts.goals);
    expect(all.reduce((sum, c) => sum + c.actionPoints.length, 0)).toBe(counts.actionPoints);
    expect(all.reduce((sum, c) => sum + c.takeaways.length, 0)).toBe(counts.takeaways - counts.takeaways / 10);
    expect(results.category.body.questions.flatMap((q) => q.answers)).toHaveLength(16);
    expect(results.advisorCanvas.body.sections).toHaveLength(1);
  });
});
