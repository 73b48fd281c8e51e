import { beforeAll, describe, expect, it } from 'vitest';
import type { Canvas, CategoryResponse, SectionResponse } from '../../shared/contracts/canvas';
import { EntityRole, SectionType } from '../../shared/enums';
import { canvasTemplate, guidingQuestions } from '../../shared/canvas-template';
import { queryCanvas } from '../../functions/records/items';
import { type TestAccount } from '../support/accounts';
import {
  advisorCompanyFor,
  categoryNamed,
  expectError,
  familyWithCanvas,
  getCanvas,
  getCategory,
  memberOf,
  memberOfFamilyWithoutCanvas,
  type FamilyWithCanvas,
} from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let admin: TestAccount;
let fullMember: TestAccount;
let limitedMember: TestAccount;
/** A member of another family, one without a canvas (made before signup created one). */
let stranger: TestAccount;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Rivera Family');
  [admin, fullMember, limitedMember, stranger] = await Promise.all([
    memberOf(stack, family.owner, EntityRole.Admin, 'Admin'),
    memberOf(stack, family.owner, EntityRole.FullMember, 'Full'),
    memberOf(stack, family.owner, EntityRole.LimitedMember, 'Limited'),
    memberOfFamilyWithoutCanvas(stack, 'Okafor Family'),
  ]);
});

describe('creating the canvas', () => {
  it('builds the default canvas once, titled with the family canvas name', async () => {
    const { canvas, familyId } = family;
    expect(canvas).toMatchObject({ id: familyId, entityId: familyId, title: 'Rivera Family Canvas', workRelationMemberPermissions: [] });
    expect(canvas.sections.map((s) => s.sectionTypeId)).toEqual(Object.values(SectionType));
    expect(canvas.sections.map((s) => s.categories.map((c) => c.title))).toEqual(canvasTemplate.map((s) => s.categories.map((c) => c.title)));
    const council = canvas.sections[0];
    expect(council?.categories[0]).toEqual({
      id: familyId * 1000 + 101,
      sectionId: familyId * 1000 + 1,
      categoryTypeId: 1,
      title: 'Our Values',
      colorCode: '3A6EA5',
      createdByUserId: family.owner.userId,
      sequenceNumber: 1,
      takeaways: [],
      goals: [],
      actionPoints: [],
    });
    expect(canvas.abilities).toEqual({
      accessKind: 'own',
      workRelationRoleId: null,
      canEditCanvas: true,
      canEditCanvasTitle: true,
      canResetCanvas: true,
      canDeleteOthersItems: true,
      canChooseAdvisorCompanyVisibility: true,
    });
    // What GET answers is what create answered.
    expect(await getCanvas(family.owner.client)).toEqual(canvas);
    expect(await getCanvas(family.owner.client, familyId)).toEqual(canvas);

    const again = await family.owner.client.call('createCanvas');
    expect(again.status).toBe(409);
    expectError(again, 9);
    // 1 canvas + 7 sections + 15 categories + 60 questions + the dashboard summary, nothing more (besides the owner's visit of it).
    expect((await queryCanvas(familyId)).filter((item) => !String(item.SK).startsWith('C#VISIT#'))).toHaveLength(84);
  });

  it('asks four guiding questions in every category', async () => {
    const wealth = await getCategory(fullMember.client, categoryNamed(family.canvas, 'Abundance of Wealth').id);
    expect(wealth.questions.map((q) => q.question)).toEqual([...guidingQuestions[7]]);
    expect(wealth.questions.map((q) => q.id)).toEqual([1, 2, 3, 4].map((n) => `${wealth.id}.${n}`));
    expect(wealth).toMatchObject({
      familyId: family.familyId,
      takeaways: [],
      goals: [],
      actionPoints: [],
      linkedElsewhere: { takeaways: [], goals: [], actionPoints: [] },
    });
  });

  it('is for owners and admins of a family only', async () => {
    const byMember = await fullMember.client.call('createCanvas');
    expect(byMember.status).toBe(403);
    expectError(byMember, 8);
    const advisorCompany = await advisorCompanyFor(stack, family.familyId, []);
    expectError(await advisorCompany.client.call('createCanvas'), 8);
    expectError(await stack.client().call('createCanvas'), 5);
  });

  it('answers 4 for a family without a canvas (made before signup created one), and creates it on request', async () => {
    const newFamily = await memberOfFamilyWithoutCanvas(stack, 'Nakamura Family');
    expectError(await newFamily.client.call('getOwnCanvas'), 4);
    const created = await newFamily.client.call<'createCanvas', Canvas>('createCanvas');
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Nakamura Family Canvas');
    expect((await getCanvas(newFamily.client)).sections).toHaveLength(7);
  });
});

describe('reading the canvas', () => {
  it('lets every member of the family read it, with abilities that follow the role', async () => {
    const abilities = async (account: TestAccount) => (await getCanvas(account.client, family.familyId)).abilities;
    expect(await abilities(admin)).toMatchObject({ canEditCanvas: true, canResetCanvas: true, canDeleteOthersItems: true, canEditCanvasTitle: true });
    expect(await abilities(fullMember)).toMatchObject({ canEditCanvas: true, canResetCanvas: false, canDeleteOthersItems: false, canEditCanvasTitle: false });
    expect(await abilities(limitedMember)).toMatchObject({
      canEditCanvas: false,
      canResetCanvas: false,
      canDeleteOthersItems: false,
      canEditCanvasTitle: false,
    });
  });

  it('shows nothing to a member of another family, and answers 5 without a session', async () => {
    const { familyId } = family;
    const category = categoryNamed(family.canvas, 'Our Values').id;
    for (const path of [
      routePath('getCanvas', { familyId }),
      routePath('getCategory', { id: category }),
      routePath('getSection', { id: familyId * 1000 + 1 }),
    ]) {
      const response = await stranger.client.get(path);
      expect(response.status, path).toBe(404);
      expectError(response, 4);
      expectError(await stack.client().get(path), 5);
    }
    // The stranger's own family has no canvas.
    expectError(await stranger.client.call('getOwnCanvas'), 4);
  });

  it('answers 6 for malformed ids and 4 for ids of canvases that do not exist', async () => {
    const { familyId } = family;
    for (const path of [
      routePath('getCanvas', { familyId: 'abc' }),
      routePath('getCategory', { id: 'abc' }),
      routePath('getCategory', { id: familyId * 1000 + 1 }),
      routePath('getSection', { id: familyId * 1000 + 101 }),
      routePath('getCategory', { id: '1e5' }),
      routePath('getSection', { id: '-5' }),
    ]) {
      const response = await family.owner.client.get(path);
      expect(response.status, path).toBe(400);
      expectError(response, 6);
    }
    expectError(await family.owner.client.call('getCategory', { params: { id: familyId * 1000 + 999 } }), 4);
    expectError(await family.owner.client.call('getCategory', { params: { id: '999999101' } }), 4);
  });

  it('answers one section with its categories', async () => {
    const section = await family.owner.client.call<'getSection', SectionResponse>('getSection', { params: { id: family.familyId * 1000 + 2 } });
    expect(section.status).toBe(200);
    expect(section.body).toMatchObject({ sectionTypeId: 2, title: 'The Four Abundances', familyId: family.familyId, canvasTitle: expect.any(String) });
    expect(section.body.categories.map((c) => c.title)).toEqual(['Abundance of Wealth', 'Time', 'Relationships', 'Purpose']);
  });
});

describe('renaming the canvas', () => {
  it('lets owners and admins rename it (at least 3 characters), and nobody else', async () => {
    const renamed = await admin.client.call('updateCanvasTitle', { body: { title: '  Rivera Roadmap  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: family.familyId, title: 'Rivera Roadmap', advisorCompaniesVisibleToAdvisors: false });
    expect((await getCanvas(limitedMember.client)).title).toBe('Rivera Roadmap');
    // The family's canvas name follows, so the entity switcher shows it.
    const current = await family.owner.client.call<'setCurrentEntity', { canvasName: string }>('setCurrentEntity', { body: { id: family.familyId } });
    expect(current.body.canvasName).toBe('Rivera Roadmap');

    const short = await family.owner.client.call('updateCanvasTitle', { body: { title: 'ab' } });
    expect(expectError(short, 2).errors).toHaveProperty('title');
    expectError(await family.owner.client.call('updateCanvasTitle', { looseBody: { title: 'Fine title', extra: 1 } }), 2);
    expectError(await fullMember.client.call('updateCanvasTitle', { body: { title: 'Not mine' } }), 8);
    expectError(await limitedMember.client.call('updateCanvasTitle', { body: { title: 'Not mine' } }), 8);
    expectError(await stranger.client.call('updateCanvasTitle', { body: { title: 'No canvas here' } }), 4);
  });
});

describe('resetting the canvas', () => {
  it('erases answers, votes, takeaways, goals, action points and section sharing; keeps the structure', async () => {
    const { owner, familyId } = family;
    const values = categoryNamed(family.canvas, 'Our Values').id;
    const answer = await fullMember.client.call<'createAnswer', { id: string }>('createAnswer', {
      params: { questionId: `${values}.1` },
      body: { text: 'Honesty', questionId: `${values}.1` },
    });
    expect(answer.status).toBe(201);
    expect((await owner.client.call('addAnswerVote', { params: { answerId: answer.body.id } })).status).toBe(201);
    const goal = await owner.client.call<'createGoal', { id: string }>('createGoal', {
      params: { categoryId: values },
      body: { title: 'Meet monthly', categoryId: values },
    });
    expect(goal.status).toBe(201);
    const takeaway = await owner.client.call('createTakeaway', {
      params: { categoryId: values },
      body: {
        title: 'We value honesty',
        categoryId: values,
        linkedGoalIds: [goal.body.id],
      },
    });
    expect(takeaway.status).toBe(201);
    expect(
      (
        await owner.client.call('createActionPoint', {
          params: { categoryId: values },
          body: { title: 'Book a room', categoryId: values, linkedGoalIds: [goal.body.id] },
        })
      ).status,
    ).toBe(201);
    const advisorCompany = await advisorCompanyFor(stack, familyId, [familyId * 1000 + 2], 'Reset Advisors');

    expectError(await fullMember.client.call('resetCanvas'), 8);
    expectError(await limitedMember.client.call('resetCanvas'), 8);
    expectError(await advisorCompany.client.call('resetCanvas'), 8);
    expectError(await stranger.client.call('resetCanvas'), 4);

    const reset = await admin.client.call('resetCanvas');
    expect(reset.status).toBe(204);
    const category: CategoryResponse = await getCategory(owner.client, values);
    expect(category.questions.every((q) => q.answers.length === 0)).toBe(true);
    expect([category.takeaways, category.goals, category.actionPoints]).toEqual([[], [], []]);
    // Only the structure, the advisor's relation (now sharing every section) and its GSI keys are left.
    const items = await queryCanvas(familyId);
    expect(items.filter((item) => !/^C#(META|SUMMARY|SECTION|CATEGORY|QUESTION|ACCESS|VISIT)/.test(String(item.SK)))).toEqual([]);
    expect(items.find((item) => String(item.SK).startsWith('C#ACCESS#'))?.sharedSectionIds).toEqual([]);
    expect((await getCanvas(advisorCompany.client, familyId)).sections).toHaveLength(7);
    // The author may answer again.
    expect(
      (await fullMember.client.call('createAnswer', { params: { questionId: `${values}.1` }, body: { text: 'Trust', questionId: `${values}.1` } })).status,
    ).toBe(201);
  });
});
