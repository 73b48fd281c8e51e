import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { EntityRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, categoryNamed, expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { snapshotTable } from '../support/table';

/**
 * The spec's contract on the wire (docs/product/canvas.md#fields, #calls): a client written against the spec must
 * work with our API unchanged. The schemas below describe that client, not our contracts:
 * each requires every field docs/product/canvas.md#fields names, under its name, and lets our additions
 * (voteCount, hasVoted, abilities…) pass. They parse real responses of the running
 * handlers; the requests are shaped like the spec's client sends them.
 */

const stack = useIntegrationStack();

// ---- the spec's client ---------------------------------------------------------------------

const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'a date');
const id = z.string().min(1);

const SpecAnswerVote = z.object({ id, userId: id, answerId: id });
const SpecTakeawayVote = z.object({ id, userId: id, takeawayId: id });
const SpecAnswer = z.object({ id, text: z.string(), questionId: id, createdByUserId: id, createdDate: isoDate, votes: z.array(SpecAnswerVote) });
const SpecQuestion = z.object({ id, question: z.string().min(1), sequenceNumber: z.number(), categoryId: z.number(), answers: z.array(SpecAnswer) });
const SpecPerson = z.object({ id, firstName: z.string(), lastName: z.string() });
const SpecTakeaway = z.object({
  id,
  title: z.string(),
  text: z.string().nullable(),
  categoryId: z.number(),
  initiatorId: z.string().nullable(),
  initiator: SpecPerson.nullable(),
  linkedGoalIds: z.array(id),
  linkedGoals: z.array(z.object({ id })),
  archived: z.boolean(),
  createdByUserId: id,
  createdDate: isoDate,
  votes: z.array(SpecTakeawayVote),
});
const SpecGoal = z.object({
  id,
  title: z.string(),
  text: z.string().nullable(),
  categoryId: z.number(),
  initiatorId: z.string().nullable(),
  goalTerm: z.enum(['ShortTerm', 'MidTerm', 'LongTerm', 'NoTerm']),
  completed: z.boolean(),
  linkedTakeawayIds: z.array(id),
  linkedActionPointIds: z.array(id),
  createdByUserId: id,
  createdDate: isoDate,
});
const SpecActionPoint = z.object({
  id,
  title: z.string(),
  text: z.string().nullable(),
  categoryId: z.number(),
  initiatorId: z.string().nullable(),
  assigneeId: z.string().nullable(),
  priority: z.enum(['HighPriority', 'MediumPriority', 'LowPriority', 'NoPriority']),
  completed: z.boolean(),
  linkedGoalIds: z.array(id),
  createdByUserId: id,
  createdDate: isoDate,
});
const specCategoryFields = {
  id: z.number(),
  sectionId: z.number(),
  categoryTypeId: z.number(),
  colorCode: z.string().regex(/^[0-9A-F]{6}$/),
  createdByUserId: id,
  sequenceNumber: z.number(),
  title: z.string().min(1),
};
const specSectionFields = {
  id: z.number(),
  canvasId: z.number(),
  familyId: z.number(),
  createdByUserId: id,
  sectionTypeId: z.number(),
  sequenceNumber: z.number(),
  title: z.string(),
};
const SpecCanvasCategory = z.object({
  ...specCategoryFields,
  takeaways: z.array(SpecTakeaway),
  goals: z.array(SpecGoal),
  actionPoints: z.array(SpecActionPoint),
});
const SpecSection = z.object({ ...specSectionFields, categories: z.array(SpecCanvasCategory) });
const SpecCanvas = z.object({
  id: z.number(),
  title: z.string(),
  entityId: z.number(),
  sections: z.array(SpecSection),
  workRelationMemberPermissions: z.array(z.string()),
});
const SpecCategoryPage = z.object({
  ...specCategoryFields,
  questions: z.array(SpecQuestion),
  takeaways: z.array(SpecTakeaway),
  goals: z.array(SpecGoal),
  actionPoints: z.array(SpecActionPoint),
});
const SpecDashboard = z.object({
  count: z.number(),
  next: z.number().nullable(),
  results: z.array(
    z.object({
      canvas: z
        .object({
          id: z.number(),
          sections: z.array(z.object({ ...specSectionFields, categories: z.array(z.object({ ...specCategoryFields, takeaways: z.array(SpecTakeaway) })) })),
        })
        .nullable(),
    }),
  ),
});

/** Parses a response with a spec schema; a missing or misnamed field fails with its path. */
function asSpec<S extends z.ZodType>(schema: S, response: { status: number; body: unknown }, status = 200): z.infer<S> {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const parsed = schema.safeParse(response.body);
  expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
  return parsed.data as z.infer<S>;
}

// ---- one family's canvas with content, written as the spec's client writes it ------------

let family: FamilyWithCanvas;
let owner: TestAccount;
let alice: TestAccount;
let company: TestAccount;
let values: number;
let answerId: string;
let takeawayId: string;
let goalId: string;
let actionPointId: string;
let takeawayBody: Record<string, unknown>;
let goalBody: Record<string, unknown>;
let actionPointBody: Record<string, unknown>;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Okafor Family');
  owner = family.owner;
  values = categoryNamed(family.canvas, 'Our Values').id;
  [alice, company] = await Promise.all([
    memberOf(stack, owner, EntityRole.FullMember, 'Alice'),
    advisorCompanyFor(stack, family.familyId, [], 'Contract Advisors'),
  ]);

  const question = `${values}.1`;
  answerId = asSpec(
    SpecAnswer,
    await alice.client.call('createAnswer', { params: { questionId: question }, body: { text: 'Honesty', questionId: question } }),
    201,
  ).id;
  expect((await owner.client.call('addAnswerVote', { params: { answerId } })).status).toBe(201);

  takeawayBody = { title: 'Trust first', text: 'We say what we think.', categoryId: values, initiatorId: alice.userId, linkedGoalIds: [] };
  takeawayId = asSpec(SpecTakeaway, await alice.client.call('createTakeaway', { params: { categoryId: values }, looseBody: takeawayBody }), 201).id;
  expect((await owner.client.call('addTakeawayVote', { params: { takeawayId } })).status).toBe(201);

  goalBody = {
    text: 'Meet monthly',
    title: 'Family meetings',
    categoryId: values,
    initiatorId: alice.userId,
    goalTerm: 'ShortTerm',
    completed: false,
    linkedTakeawayIds: [takeawayId],
    linkedActionPointIds: [],
  };
  goalId = asSpec(SpecGoal, await alice.client.call('createGoal', { params: { categoryId: values }, looseBody: goalBody }), 201).id;

  actionPointBody = {
    title: 'Book a room',
    text: null,
    categoryId: values,
    initiatorId: alice.userId,
    assigneeId: owner.userId,
    priority: 'MediumPriority',
    completed: false,
    linkedGoalIds: [goalId],
  };
  actionPointId = asSpec(SpecActionPoint, await alice.client.call('createActionPoint', { params: { categoryId: values }, looseBody: actionPointBody }), 201).id;
});

describe('responses carry every field docs/product/canvas.md#fields names', () => {
  it('on the canvas: sections, categories and their content', async () => {
    const canvas = asSpec(SpecCanvas, await owner.client.call('getCanvas', { params: { familyId: family.familyId } }));
    for (const section of canvas.sections) {
      expect(section).toMatchObject({ canvasId: family.familyId, familyId: family.familyId, createdByUserId: owner.userId });
      for (const category of section.categories) expect(category.createdByUserId).toBe(owner.userId);
    }
    const category = canvas.sections.flatMap((section) => section.categories).find((c) => c.id === values);
    expect(category?.colorCode).toBe('3A6EA5');
    expect(category?.takeaways[0]).toMatchObject({
      id: takeawayId,
      initiatorId: alice.userId,
      initiator: { id: alice.userId, firstName: 'Alice', lastName: 'Tester' },
      archived: false,
      linkedGoalIds: [goalId],
      linkedGoals: [expect.objectContaining({ id: goalId })],
      votes: [{ id: `${takeawayId}:${owner.userId}`, userId: owner.userId, takeawayId }],
    });
    expect(category?.goals[0]).toMatchObject({ id: goalId, completed: false, linkedTakeawayIds: [takeawayId], linkedActionPointIds: [actionPointId] });
    expect(category?.actionPoints[0]).toMatchObject({ id: actionPointId, completed: false, assigneeId: owner.userId });
  });

  it('on the category page: questions with their text and answers with their votes', async () => {
    const page = asSpec(SpecCategoryPage, await alice.client.call('getCategory', { params: { id: values } }));
    expect(page.questions).toHaveLength(4);
    expect(page.questions[0]?.answers).toEqual([
      expect.objectContaining({ id: answerId, createdByUserId: alice.userId, votes: [{ id: `${answerId}:${owner.userId}`, userId: owner.userId, answerId }] }),
    ]);
    expect(page.takeaways[0]?.votes).toEqual([{ id: `${takeawayId}:${owner.userId}`, userId: owner.userId, takeawayId }]);
  });

  it('on a section', async () => {
    asSpec(SpecSection, await owner.client.call('getSection', { params: { id: family.familyId * 1000 + 1 } }));
  });

  it('on the advisor dashboard, where who voted is visible too', async () => {
    const dashboard = asSpec(SpecDashboard, await company.client.call('listDashboardFamilies', { body: { limit: 10, offset: 0 } }));
    const canvas = dashboard.results[0]?.canvas;
    const category = canvas?.sections.flatMap((section) => section.categories).find((c) => c.id === values);
    expect(category).toMatchObject({ colorCode: '3A6EA5', createdByUserId: owner.userId });
    expect(category?.takeaways[0]?.votes).toEqual([{ id: `${takeawayId}:${owner.userId}`, userId: owner.userId, takeawayId }]);
  });

  it('titles the default categories exactly as docs/product/canvas.md#fields lists them', async () => {
    const canvas = asSpec(SpecCanvas, await owner.client.call('getOwnCanvas'));
    const titles = new Map(canvas.sections.flatMap((section) => section.categories).map((category) => [category.categoryTypeId, category.title]));
    expect(Object.fromEntries(titles)).toEqual({
      1: 'Our Values',
      2: 'What we do best',
      3: 'How We Help Each Other',
      4: 'Where We Can Improve',
      5: 'Measuring Progress',
      6: 'Advisors',
      7: 'Abundance of Wealth',
      8: 'Time',
      9: 'Relationships',
      10: 'Purpose',
      11: 'Our Past',
      12: 'Our Present',
      13: 'Our Future',
      14: 'Review',
    });
  });
});

describe("requests shaped like the spec's client", () => {
  it('update bodies that repeat the create body succeed; fields the route does not change are ignored', async () => {
    // The client sends the form as it stands: its links included.
    const goal = asSpec(
      SpecGoal,
      await alice.client.call('updateGoal', {
        params: { id: goalId },
        body: {
          ...goalBody,
          linkedActionPointIds: [actionPointId],
          title: 'Monthly family meetings',
          completed: true,
          updatePriority: true,
        },
      }),
    );
    // Completion has its own route: the update leaves it.
    expect(goal).toMatchObject({ title: 'Monthly family meetings', completed: false, linkedTakeawayIds: [takeawayId], linkedActionPointIds: [actionPointId] });

    const actionPoint = asSpec(
      SpecActionPoint,
      await alice.client.call('updateActionPoint', {
        params: { id: actionPointId },
        looseBody: {
          ...actionPointBody,
          priority: 'HighPriority',
          updatePriority: true,
          completed: true,
        },
      }),
    );
    expect(actionPoint).toMatchObject({ priority: 'HighPriority', completed: false, linkedGoalIds: [goalId] });

    const takeaway = asSpec(
      SpecTakeaway,
      await alice.client.call('updateTakeaway', {
        params: { id: takeawayId },
        body: { ...takeawayBody, linkedGoalIds: [goalId], title: 'Trust comes first', archived: true },
      }),
    );
    expect(takeaway).toMatchObject({ title: 'Trust comes first', archived: false, initiator: { id: alice.userId, firstName: 'Alice', lastName: 'Tester' } });
  });

  it('the completion and archive routes answer the item under the spec names', async () => {
    expect(asSpec(SpecGoal, await alice.client.call('completeGoal', { params: { id: goalId }, body: { completed: true } })).completed).toBe(true);
    expect(asSpec(SpecGoal, await alice.client.call('completeGoal', { params: { id: goalId }, body: { completed: false } })).completed).toBe(false);
    expect(
      asSpec(SpecActionPoint, await alice.client.call('completeActionPoint', { params: { id: actionPointId }, body: { completed: true } })).completed,
    ).toBe(true);
    expect(
      asSpec(SpecActionPoint, await alice.client.call('completeActionPoint', { params: { id: actionPointId }, body: { completed: false } })).completed,
    ).toBe(false);

    const other = asSpec(
      SpecTakeaway,
      await alice.client.call('createTakeaway', { params: { categoryId: values }, looseBody: { ...takeawayBody, title: 'To archive', initiatorId: null } }),
      201,
    );
    expect(other.initiator).toBeNull();
    expect(asSpec(SpecTakeaway, await alice.client.call('archiveTakeaway', { params: { id: other.id }, body: { archived: true } })).archived).toBe(true);
  });

  it('naming another initiator names them on the takeaway', async () => {
    const takeaway = asSpec(
      SpecTakeaway,
      await alice.client.call('updateTakeaway', { params: { id: takeawayId }, looseBody: { ...takeawayBody, initiatorId: owner.userId } }),
    );
    expect(takeaway.initiator).toEqual({ id: owner.userId, firstName: expect.any(String), lastName: expect.any(String) });
    expect(takeaway.initiator?.firstName).not.toBe('');
    const again = asSpec(
      SpecTakeaway,
      await alice.client.call('updateTakeaway', { params: { id: takeawayId }, looseBody: { ...takeawayBody, initiatorId: alice.userId } }),
    );
    expect(again.initiator).toEqual({ id: alice.userId, firstName: 'Alice', lastName: 'Tester' });
  });

  it('junk and __proto__ keys are refused with a validation error and change nothing', async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    for (const rawBody of [
      JSON.stringify({ ...goalBody, junk: 1 }),
      `{"title":"Proto","categoryId":${values},"__proto__":{"completed":true,"isAdmin":true}}`,
      `{"title":"Proto","constructor":{"prototype":{"completed":true}}}`,
    ]) {
      const response = await alice.client.call('updateGoal', { params: { id: goalId }, rawBody });
      expectError(response, 2);
    }
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
    expect(({} as Record<string, unknown>).completed).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
