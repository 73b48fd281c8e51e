import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Answer, Canvas, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage, RevertResponse } from '../../shared/contracts/history';
import type { MyActionPointsResponse } from '../../shared/contracts/my-actions';
import type { CanvasUsersResponse } from '../../shared/contracts/members';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, created, expectError, familyWithCanvas, getCanvas, patched, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * Nothing handed over (docs/product/history-and-undo.md#restore-a-version, docs/product/canvas.md#assignees):
 * a restore or an undo by a section-limited advisor leaves every link to a hidden item as it
 * is; a restore passes the checks of the update it amounts to; an action point is assigned
 * only to someone who can see its section, and loses its assignee when they stop seeing it;
 * a save that changes nothing writes nothing. Real handlers, DynamoDB Local, the SES emulator.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: ApiClient;
let company: TestAccount;
let advisor: TestAccount;
/** Category ids: one in the section shared with the company, two in sections it cannot see. */
let shared: number;
let hidden: number;
let otherHidden: number;
let sharedSectionId: number;
let otherHiddenSectionId: number;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Handover Family');
  owner = family.owner.client;
  const sections = family.canvas.sections;
  sharedSectionId = sections[0]!.id;
  otherHiddenSectionId = sections[2]!.id;
  shared = sections[0]!.categories[0]!.id;
  hidden = sections[1]!.categories[0]!.id;
  otherHidden = sections[2]!.categories[0]!.id;
  company = await advisorCompanyFor(stack, family.familyId, [sharedSectionId], 'Handover Advisors');
  advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Sasha');
});

async function itemHistory(client: ApiClient, itemId: string, familyId?: number): Promise<HistoryEvent[]> {
  const response = familyId
    ? await client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId }, query: { itemId } })
    : await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { itemId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results;
}

const items = (canvas: Canvas) => canvas.sections.flatMap((section) => section.categories);
const takeawayOf = async (id: string) =>
  items(await getCanvas(owner))
    .flatMap((c) => c.takeaways)
    .find((t) => t.id === id);
const goalOf = async (id: string) =>
  items(await getCanvas(owner))
    .flatMap((c) => c.goals)
    .find((g) => g.id === id)!;
const actionPointOf = async (id: string) =>
  items(await getCanvas(owner))
    .flatMap((c) => c.actionPoints)
    .find((a) => a.id === id)!;

describe('restore and undo by a section-limited advisor', () => {
  it('restoring a visible takeaway’s version neither adds nor removes a link of a hidden goal', async () => {
    const [first, second] = [
      await created<Goal>(owner, routePath('createGoal', { categoryId: hidden }), { title: 'Hidden goal one', categoryId: hidden }),
      await created<Goal>(owner, routePath('createGoal', { categoryId: hidden }), { title: 'Hidden goal two', categoryId: hidden }),
    ];
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: shared }), {
      title: 'Shared takeaway',
      categoryId: shared,
      linkedGoalIds: [first.id],
    });
    const edited = await patched<Takeaway>(owner, routePath('updateTakeaway', { id: takeaway.id }), {
      title: 'Shared takeaway, edited',
      linkedGoalIds: [second.id],
      version: takeaway.version,
    });
    const versions = await itemHistory(advisor.client, takeaway.id, family.familyId);
    const createdEvent = versions.find((event) => event.action === 'created')!;

    const restored = await advisor.client.call<'restoreVersion', RevertResponse>('restoreVersion', {
      params: { eventId: createdEvent.id },
      query: { familyId: family.familyId },
      body: {
        version: edited.version,
      },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);

    // The title came back; the links into the hidden section are exactly as they were, on both sides.
    expect((await takeawayOf(takeaway.id))!.title).toBe('Shared takeaway');
    expect((await takeawayOf(takeaway.id))!.linkedGoalIds).toEqual([second.id]);
    expect((await goalOf(first.id)).linkedTakeawayIds).toEqual([]);
    expect((await goalOf(second.id)).linkedTakeawayIds).toEqual([takeaway.id]);
  });

  it('undoing the delete of their own takeaway does not link it again to a hidden goal', async () => {
    const goal = await created<Goal>(owner, routePath('createGoal', { categoryId: hidden }), { title: 'Hidden goal three', categoryId: hidden });
    const takeaway = await created<Takeaway>(advisor.client, routePath('createTakeaway', { categoryId: shared }), {
      title: 'Advisor takeaway',
      categoryId: shared,
    });
    // The family links its hidden goal to the advisor's takeaway; the advisor then deletes the takeaway.
    await patched(owner, routePath('updateGoal', { id: goal.id }), { title: goal.title, linkedTakeawayIds: [takeaway.id], version: goal.version });
    expect((await advisor.client.call('deleteTakeaway', { params: { id: takeaway.id } })).status).toBe(204);
    expect((await goalOf(goal.id)).linkedTakeawayIds).toEqual([]);

    const deleted = (await itemHistory(advisor.client, takeaway.id, family.familyId)).find((event) => event.action === 'deleted')!;
    const undone = await advisor.client.call('revertEvent', { params: { eventId: deleted.id }, query: { familyId: family.familyId } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);

    expect((await takeawayOf(takeaway.id))!.linkedGoalIds).toEqual([]);
    expect((await goalOf(goal.id)).linkedTakeawayIds).toEqual([]);
  });
});

describe('a restore passes the checks of the update it amounts to', () => {
  it('does not assign an action point again to a member who has left (2, on assigneeId), and changes nothing', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Leaving');
    const point = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: shared }), {
      title: 'Call the notary',
      categoryId: shared,
      assigneeId: member.userId,
    });
    const reassigned = await patched<ActionPoint>(owner, routePath('updateActionPoint', { id: point.id }), {
      title: 'Call the notary',
      assigneeId: family.owner.userId,
      version: point.version,
    });
    expect((await owner.call('removeMember', { params: { memberId: member.userId } })).status).toBe(204);
    const createdEvent = (await itemHistory(owner, point.id)).find((event) => event.action === 'created')!;

    const body = expectError(await owner.call('restoreVersion', { params: { eventId: createdEvent.id }, body: { version: reassigned.version } }), 2);
    expect(Object.keys(body.errors)).toEqual(['assigneeId']);
    const now = await actionPointOf(point.id);
    expect(now.assigneeId).toBe(family.owner.userId);
    expect(now.version).toBe(reassigned.version);
  });

  it('does not un-archive and retitle an archived takeaway in one step (8), but may bring back its open state alone', async () => {
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: shared }), { title: 'Old title', categoryId: shared });
    const renamed = await patched<Takeaway>(owner, routePath('updateTakeaway', { id: takeaway.id }), { title: 'New title', version: takeaway.version });
    const archived = await patched<Takeaway>(owner, routePath('archiveTakeaway', { id: takeaway.id }), { archived: true, version: renamed.version });
    const versions = await itemHistory(owner, takeaway.id);
    const createdEvent = versions.find((event) => event.action === 'created')!;
    const renamedEvent = versions.find((event) => event.action === 'updated')!;

    expectError(await owner.call('restoreVersion', { params: { eventId: createdEvent.id }, body: { version: archived.version } }), 8);
    // The update route refuses the same edit the same way.
    expectError(await owner.call('updateTakeaway', { params: { id: takeaway.id }, body: { title: 'Old title', version: archived.version } }), 8);
    expect(await takeawayOf(takeaway.id)).toBeUndefined(); // still archived: off the overview
    expect((await itemHistory(owner, takeaway.id)).length).toBe(versions.length);

    // The version right after the rename differs only in being open: that restore is an unarchive.
    const reopened = await owner.call<'restoreVersion', RevertResponse>('restoreVersion', {
      params: { eventId: renamedEvent.id },
      body: { version: archived.version },
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const now = await takeawayOf(takeaway.id);
    expect(now?.title).toBe('New title');
    expect(now?.archived).toBe(false);
  });
});

describe('work is assigned only to someone who can see it', () => {
  it('refuses to assign an action point of a section the advisor’s company cannot see (2, on assigneeId)', async () => {
    const refusedCreate = expectError(
      await owner.call('createActionPoint', {
        params: { categoryId: hidden },
        body: { title: 'Sell the boat', categoryId: hidden, assigneeId: advisor.userId },
      }),
      2,
    );
    expect(Object.keys(refusedCreate.errors)).toEqual(['assigneeId']);
    const point = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: hidden }), { title: 'Sell the boat', categoryId: hidden });
    const refusedUpdate = expectError(
      await owner.call('updateActionPoint', { params: { id: point.id }, body: { title: point.title, assigneeId: advisor.userId, version: point.version } }),
      2,
    );
    expect(Object.keys(refusedUpdate.errors)).toEqual(['assigneeId']);
    expect((await actionPointOf(point.id)).assigneeId).toBe(family.owner.userId);
    // In the shared section the same advisor may be assigned, and sees it in My actions.
    const visible = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: shared }), {
      title: 'Review the will',
      categoryId: shared,
      assigneeId: advisor.userId,
    });
    const mine = await advisor.client.call<'listMyActionPoints', MyActionPointsResponse>('listMyActionPoints');
    expect(mine.body.actionPoints.map((item) => item.id)).toContain(visible.id);
    // The assignee picker learns who sees which sections: the advisor the shared one, the family all.
    const users = await owner.call<'listCanvasUsers', CanvasUsersResponse>('listCanvasUsers', { params: { entityId: family.familyId } });
    expect(users.body.find((user) => user.userId === advisor.userId)?.sectionIds).toEqual([sharedSectionId]);
    expect(users.body.find((user) => user.userId === family.owner.userId)?.sectionIds).toBeUndefined();
  });

  it('unassigns an advisor’s open action points when their section stops being shared, with an event and a mail to the initiator', async () => {
    const initiator = await memberOf(stack, family.owner, EntityRole.FullMember, 'Ines');
    const point = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: shared }), {
      title: 'Draft the trust deed',
      categoryId: shared,
      assigneeId: advisor.userId,
      initiatorId: initiator.userId,
    });
    const narrowed = await owner.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [otherHiddenSectionId] } });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);

    expect((await actionPointOf(point.id)).assigneeId).toBeNull();
    const latest = (await itemHistory(owner, point.id))[0]!;
    expect(latest.action).toBe('updated');
    expect(latest.changes).toEqual([{ field: 'assignee', before: advisor.userId, after: null }]);
    const [mail] = await stack.waitForEmails(initiator.email, 1, { subject: /Action points to reassign/ });
    expect(mail!.body.text).toContain('Draft the trust deed');
    expect(mail!.body.text).toContain('Sasha');
    const mine = await advisor.client.call<'listMyActionPoints', MyActionPointsResponse>('listMyActionPoints');
    expect(mine.body.actionPoints.map((item) => item.id)).not.toContain(point.id);

    // Shared again for the tests that follow.
    expect((await owner.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [sharedSectionId] } })).status).toBe(200);
  });

  it('unassigns a family member’s open action points when they leave the family', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Mona');
    const point = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: otherHidden }), {
      title: 'Renew the insurance',
      categoryId: otherHidden,
      assigneeId: member.userId,
    });
    expect((await owner.call('removeMember', { params: { memberId: member.userId } })).status).toBe(204);
    expect((await actionPointOf(point.id)).assigneeId).toBeNull();
    expect((await itemHistory(owner, point.id))[0]?.changes).toEqual([{ field: 'assignee', before: member.userId, after: null }]);
  });

  it('unassigns the advisors’ open action points when the work relation ends', async () => {
    const leaving = await advisorCompanyFor(stack, family.familyId, [], 'Leaving Advisors');
    const leaver = await advisorOf(stack, leaving, family.familyId, WorkRelationRole.Full, 'Lee');
    const point = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: hidden }), {
      title: 'Value the house',
      categoryId: hidden,
      assigneeId: leaver.userId,
    });
    expect((await owner.call('endWorkRelation', { params: { entityId: leaving.entityId } })).status).toBe(204);
    expect((await actionPointOf(point.id)).assigneeId).toBeNull();
  });
});

describe('a save that changes nothing', () => {
  it('writes no version and no event, for answers, takeaways, goals and action points, and answers the item as it is', async () => {
    const answer = await created<Answer>(owner, routePath('createAnswer', { questionId: `${shared}.1` }), {
      text: 'We value honesty',
      questionId: `${shared}.1`,
    });
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: shared }), {
      title: 'Keep it simple',
      text: 'Really',
      categoryId: shared,
    });
    const goal = await created<Goal>(owner, routePath('createGoal', { categoryId: shared }), {
      title: 'Retire at 60',
      categoryId: shared,
      goalTerm: 'LongTerm',
      linkedTakeawayIds: [takeaway.id],
    });
    const point = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: shared }), {
      title: 'Open a savings plan',
      categoryId: shared,
      priority: 'HighPriority',
      dueDate: '2030-01-01',
      linkedGoalIds: [goal.id],
    });
    const current = async (kind: string, id: string) => {
      if (kind === 'answer') return answer.version; // nothing else writes it
      const categories = items(await getCanvas(owner));
      return [...categories.flatMap((c) => c.takeaways), ...categories.flatMap((c) => c.goals), ...categories.flatMap((c) => c.actionPoints)].find(
        (item) => item.id === id,
      )!.version;
    };
    const saves: Array<[string, string, string, Record<string, unknown>]> = [
      ['answer', answer.id, routePath('updateAnswer', { id: answer.id }), { text: answer.text, questionId: answer.questionId }],
      ['takeaway', takeaway.id, routePath('updateTakeaway', { id: takeaway.id }), { title: takeaway.title, text: 'Really', linkedGoalIds: [goal.id] }],
      [
        'goal',
        goal.id,
        routePath('updateGoal', { id: goal.id }),
        { title: goal.title, text: null, goalTerm: 'LongTerm', linkedTakeawayIds: [takeaway.id], linkedActionPointIds: [point.id] },
      ],
      [
        'action point',
        point.id,
        routePath('updateActionPoint', { id: point.id }),
        {
          title: point.title,
          priority: 'HighPriority',
          updatePriority: true,
          dueDate: '2030-01-01',
          assigneeId: family.owner.userId,
          initiatorId: family.owner.userId,
          linkedGoalIds: [goal.id],
        },
      ],
    ];
    for (const [kind, id, path, body] of saves) {
      const version = await current(kind, id);
      const before = await itemHistory(owner, id);
      const saved = await owner.patch<{ id: string; version: number; title?: string; text?: string | null }>(path, { ...body, version });
      expect(saved.status, `${kind}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body.version, kind).toBe(version);
      expect(saved.body.title ?? saved.body.text, kind).toBe(body.title ?? body.text);
      expect(
        (await itemHistory(owner, id)).map((event) => event.id),
        kind,
      ).toEqual(before.map((event) => event.id));
      expect(await current(kind, id), kind).toBe(version);
    }
  });
});
