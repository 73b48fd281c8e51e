import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Answer, Canvas, CategoryResponse, Goal, Takeaway } from '../../shared/contracts/canvas';
import { WorkRelationRole } from '../../shared/enums';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, categoryNamed, expectError, familyWithCanvas, getCanvas, getCategory, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { snapshotTable, withoutReadTraces } from '../support/table';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: TestAccount;
/** Shares every section; its owner counts as full access. */
let allSections: TestAccount;
let fullAdvisor: TestAccount;
let readAdvisor: TestAccount;
let noAccessAdvisor: TestAccount;
let defaultAdvisor: TestAccount;
/** Shares only the four abundances; the advisor has full rights there. */
let oneSection: TestAccount;
let sectionAdvisor: TestAccount;
/** An advisor company without any relation to the family. */
let outsider: TestAccount;

let values: number;
let wealth: number;
let hiddenTakeaway: Takeaway;
let hiddenAnswer: Answer;
let sharedGoal: Goal;
let sharedAction: ActionPoint;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Raman Family');
  owner = family.owner;
  const { familyId } = family;
  values = categoryNamed(family.canvas, 'Our Values').id;
  wealth = categoryNamed(family.canvas, 'Abundance of Wealth').id;
  [allSections, oneSection, outsider] = await Promise.all([
    advisorCompanyFor(stack, familyId, [], 'Summit Advisors'),
    advisorCompanyFor(stack, familyId, [familyId * 1000 + 2], 'Focus Advisors'),
    signUpAndConfirm(stack, { createEntityTypeId: 2, createEntityName: 'Elsewhere Advisors' }),
  ]);
  [fullAdvisor, readAdvisor, noAccessAdvisor, defaultAdvisor, sectionAdvisor] = await Promise.all([
    advisorOf(stack, allSections, familyId, WorkRelationRole.Full, 'Fiona'),
    advisorOf(stack, allSections, familyId, WorkRelationRole.Limited, 'Reed'),
    advisorOf(stack, allSections, familyId, WorkRelationRole.None, 'Nolan'),
    advisorOf(stack, allSections, familyId, undefined, 'Dana'),
    advisorOf(stack, oneSection, familyId, WorkRelationRole.Full, 'Sasha'),
  ]);

  // The family's content: a takeaway and an answer in section 1, a goal and an action point in section 2, linked across.
  hiddenTakeaway = (
    await owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: values },
      body: { title: 'Family comes first', categoryId: values },
    })
  ).body;
  hiddenAnswer = (
    await owner.client.call<'createAnswer', Answer>('createAnswer', {
      params: { questionId: `${values}.1` },
      body: { text: 'A private family value', questionId: `${values}.1` },
    })
  ).body;
  sharedGoal = (
    await owner.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: wealth },
      body: {
        title: 'Fund the education trust',
        categoryId: wealth,
        linkedTakeawayIds: [hiddenTakeaway.id],
      },
    })
  ).body;
  sharedAction = (
    await owner.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId: wealth },
      body: {
        title: 'Draft the trust deed',
        categoryId: wealth,
        linkedGoalIds: [sharedGoal.id],
      },
    })
  ).body;
  expect(sharedGoal.linkedTakeawayIds).toEqual([hiddenTakeaway.id]);
});

describe('an advisor with full access to every section', () => {
  it('reads the whole canvas, named by family id', async () => {
    const canvas = await getCanvas(fullAdvisor.client, family.familyId);
    expect(canvas.sections).toHaveLength(7);
    expect(canvas.workRelationMemberPermissions).toEqual(expect.arrayContaining(['ReadCanvas', 'EditCanvas']));
    expect(canvas.abilities).toEqual({
      accessKind: 'workRelation',
      workRelationRoleId: 1,
      canEditCanvas: true,
      canEditCanvasTitle: false,
      canResetCanvas: false,
      canDeleteOthersItems: false,
      canChooseAdvisorCompanyVisibility: false,
    });
    expect(categoryNamed(canvas, 'Abundance of Wealth').goals[0]?.linkedTakeawayIds).toEqual([hiddenTakeaway.id]);
    // Without a family id an advisor names no canvas.
    expectError(await fullAdvisor.client.call('getOwnCanvas'), 4);
  });

  it("writes, votes and deletes its own items, but not the family's", async () => {
    const takeaway = await fullAdvisor.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: values },
      body: {
        title: 'Consider a family charter',
        categoryId: values,
      },
    });
    expect(takeaway.status).toBe(201);
    // An advisor is no family member: no initiator by default, and none may be named.
    expect(takeaway.body.initiatorId).toBeNull();
    expect(
      expectError(
        await fullAdvisor.client.call('createGoal', {
          params: { categoryId: values },
          body: { title: 'G', categoryId: values, initiatorId: fullAdvisor.userId },
        }),
        2,
      ).errors,
    ).toHaveProperty('initiatorId');
    expect((await fullAdvisor.client.call('addAnswerVote', { params: { answerId: hiddenAnswer.id } })).status).toBe(201);
    expect(
      (await fullAdvisor.client.call('createAnswer', { params: { questionId: `${values}.1` }, body: { text: 'From the advisor', questionId: `${values}.1` } }))
        .status,
    ).toBe(201);
    // Family members see it and may vote for it.
    expect((await owner.client.call('addTakeawayVote', { params: { takeawayId: takeaway.body.id } })).status).toBe(201);

    expectError(await fullAdvisor.client.call('deleteTakeaway', { params: { id: hiddenTakeaway.id } }), 8);
    expectError(await fullAdvisor.client.call('updateGoal', { params: { id: sharedGoal.id }, body: { title: 'Changed' } }), 8);
    expectError(await fullAdvisor.client.call('resetCanvas'), 8);
    expectError(await fullAdvisor.client.call('updateCanvasTitle', { body: { title: 'Advisor title' } }), 8);
    // The company owner counts as full access, but deletes only its own items on someone else's canvas.
    expectError(await allSections.client.call('deleteTakeaway', { params: { id: takeaway.body.id } }), 8);
    expect((await fullAdvisor.client.call('deleteTakeaway', { params: { id: takeaway.body.id } })).status).toBe(204);
  });

  it('is a canvas member an action point may be assigned to, unlike an advisor without access', async () => {
    const assigned = await owner.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId: wealth },
      body: {
        title: 'Review the trust',
        categoryId: wealth,
        assigneeId: fullAdvisor.userId,
      },
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body.assigneeId).toBe(fullAdvisor.userId);
    expect(
      (
        await owner.client.call('createActionPoint', {
          params: { categoryId: wealth },
          body: {
            title: 'Owner of the company',
            categoryId: wealth,
            assigneeId: allSections.userId,
          },
        })
      ).status,
    ).toBe(201);
    for (const stranger of [noAccessAdvisor, outsider]) {
      const refused = await owner.client.call('createActionPoint', {
        params: { categoryId: wealth },
        body: { title: 'Nope', categoryId: wealth, assigneeId: stranger.userId },
      });
      expect(expectError(refused, 2).errors).toHaveProperty('assigneeId');
    }
  });
});

describe('advisors with less', () => {
  it('read but never write with read access or the default role', async () => {
    const before = withoutReadTraces(await snapshotTable(stack.dynamoEndpoint, stack.tableName));
    for (const advisor of [readAdvisor, defaultAdvisor]) {
      const canvas = await getCanvas(advisor.client, family.familyId);
      expect(canvas.abilities).toMatchObject({ workRelationRoleId: WorkRelationRole.Limited, canEditCanvas: false });
      expect(canvas.workRelationMemberPermissions).not.toContain('EditCanvas');
      expect((await getCategory(advisor.client, values)).questions[0]?.answers.length).toBeGreaterThan(0);
      expectError(await advisor.client.call('createTakeaway', { params: { categoryId: values }, body: { title: 'T', categoryId: values } }), 8);
      expectError(await advisor.client.call('createAnswer', { params: { questionId: `${values}.2` }, body: { text: 'A', questionId: `${values}.2` } }), 8);
      expectError(await advisor.client.call('addAnswerVote', { params: { answerId: hiddenAnswer.id } }), 8);
      expectError(await advisor.client.call('completeGoal', { params: { id: sharedGoal.id }, body: { completed: true } }), 8);
      expectError(await advisor.client.call('archiveTakeaway', { params: { id: hiddenTakeaway.id }, body: { archived: true } }), 8);
    }
    expect(withoutReadTraces(await snapshotTable(stack.dynamoEndpoint, stack.tableName))).toEqual(before);
  });

  it('see nothing with no access, or without a relation to the family', async () => {
    for (const advisor of [noAccessAdvisor, outsider]) {
      for (const path of [
        routePath('getCanvas', { familyId: family.familyId }),
        routePath('getCategory', { id: wealth }),
        routePath('getSection', { id: family.familyId * 1000 + 2 }),
      ]) {
        expectError(await advisor.client.get(path), 4);
      }
      expectError(await advisor.client.call('createTakeaway', { params: { categoryId: wealth }, body: { title: 'T', categoryId: wealth } }), 4);
      expectError(await advisor.client.call('addTakeawayVote', { params: { takeawayId: hiddenTakeaway.id } }), 4);
    }
  });
});

describe('an advisor limited to one section', () => {
  it('receives only that section, and no link into the others', async () => {
    const response = await sectionAdvisor.client.call<'getCanvas', Canvas>('getCanvas', { params: { familyId: family.familyId } });
    expect(response.status).toBe(200);
    const canvas = response.body;
    expect(canvas.sections.map((s) => s.title)).toEqual(['The Four Abundances']);
    expect(categoryNamed(canvas, 'Abundance of Wealth').goals.find((g) => g.id === sharedGoal.id)).toMatchObject({
      linkedTakeawayIds: [],
      linkedActionPointIds: [sharedAction.id],
    });
    const category: CategoryResponse = await getCategory(sectionAdvisor.client, wealth);
    expect(category.linkedElsewhere.takeaways).toEqual([]);
    // Nothing of the hidden sections travels in any response.
    for (const body of [JSON.stringify(canvas), JSON.stringify(category)]) {
      expect(body).not.toContain(hiddenTakeaway.id);
      expect(body).not.toContain('Family comes first');
      expect(body).not.toContain('Our Values');
      expect(body).not.toContain(hiddenAnswer.text);
    }
    expectError(await sectionAdvisor.client.call('getCategory', { params: { id: values } }), 4);
    expectError(await sectionAdvisor.client.call('getSection', { params: { id: family.familyId * 1000 + 1 } }), 4);
  });

  it('cannot write into the hidden sections, nor link to them', async () => {
    const before = withoutReadTraces(await snapshotTable(stack.dynamoEndpoint, stack.tableName));
    expectError(await sectionAdvisor.client.call('createTakeaway', { params: { categoryId: values }, body: { title: 'T', categoryId: values } }), 4);
    expectError(await sectionAdvisor.client.call('createAnswer', { params: { questionId: `${values}.2` }, body: { text: 'A', questionId: `${values}.2` } }), 4);
    expectError(await sectionAdvisor.client.call('addTakeawayVote', { params: { takeawayId: hiddenTakeaway.id } }), 4);
    expectError(await sectionAdvisor.client.call('addAnswerVote', { params: { answerId: hiddenAnswer.id } }), 4);
    expectError(await sectionAdvisor.client.call('archiveTakeaway', { params: { id: hiddenTakeaway.id }, body: { archived: true } }), 4);
    expectError(await sectionAdvisor.client.call('deleteTakeaway', { params: { id: hiddenTakeaway.id } }), 4);
    const link = await sectionAdvisor.client.call('createGoal', {
      params: { categoryId: wealth },
      body: {
        title: 'G',
        categoryId: wealth,
        linkedTakeawayIds: [hiddenTakeaway.id],
      },
    });
    expect(expectError(link, 6).errors).toHaveProperty('linkedTakeawayIds');
    expect(withoutReadTraces(await snapshotTable(stack.dynamoEndpoint, stack.tableName))).toEqual(before);
  });

  it('works in its section, and its edits leave the links it cannot see alone', async () => {
    const goal = await sectionAdvisor.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: wealth },
      body: {
        title: 'Diversify',
        categoryId: wealth,
        linkedActionPointIds: [sharedAction.id],
      },
    });
    expect(goal.status).toBe(201);
    // The family links its hidden takeaway to the advisor's goal.
    const linked = await owner.client.call<'updateTakeaway', Takeaway>('updateTakeaway', {
      params: { id: hiddenTakeaway.id },
      body: {
        title: 'Family comes first',
        linkedGoalIds: [goal.body.id],
      },
    });
    expect(linked.body.linkedGoalIds).toEqual([goal.body.id]);
    // The advisor sees no takeaway link, saves the goal with none, and the hidden link survives.
    const edited = await sectionAdvisor.client.call<'updateGoal', Goal>('updateGoal', {
      params: { id: goal.body.id },
      body: {
        title: 'Diversify wisely',
        linkedTakeawayIds: [],
        linkedActionPointIds: [],
      },
    });
    expect(edited.body).toMatchObject({ title: 'Diversify wisely', linkedTakeawayIds: [], linkedActionPointIds: [] });
    const seenByFamily = (await getCategory(owner.client, wealth)).goals.find((g) => g.id === goal.body.id);
    expect(seenByFamily).toMatchObject({ linkedTakeawayIds: [hiddenTakeaway.id], linkedActionPointIds: [] });
    expect((await getCategory(owner.client, values)).takeaways.find((t) => t.id === hiddenTakeaway.id)?.linkedGoalIds).toEqual([goal.body.id]);
    // Deleting its goal removes the link on the hidden side too.
    expect((await sectionAdvisor.client.call('deleteGoal', { params: { id: goal.body.id } })).status).toBe(204);
    expect((await getCategory(owner.client, values)).takeaways.find((t) => t.id === hiddenTakeaway.id)?.linkedGoalIds).toEqual([]);
  });
});
