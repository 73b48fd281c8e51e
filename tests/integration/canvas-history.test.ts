import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Answer, Canvas, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { AccessLogPage, HistoryEvent, HistoryPage, ItemChangedDetails, RevertResponse } from '../../shared/contracts/history';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { routeManifest } from '../../shared/routes';
import { advanceClock, resetClock } from '../../functions/lib/clock';
import { queryCanvas } from '../../functions/records/items';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, expectError, familyWithCanvas, getCanvas, getCategory, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * The journal (issue "every change recorded"): one event per change in the change's own
 * transaction, the feed as each reader may see it, undo and restore with the 409 of a
 * changed item, "since your last visit" and the advisor access log. Real handlers through
 * the local gateway, DynamoDB Local.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let full: TestAccount;
let limited: TestAccount;
let company: TestAccount;
let advisorSection: TestAccount;
let advisorRead: TestAccount;
let sharedSectionId: number;
let sharedCategoryId: number;
let hiddenCategoryId: number;

async function history(client: ApiClient, query = '', familyId?: number): Promise<HistoryEvent[]> {
  const response = familyId
    ? await client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId }, rawQuery: query })
    : await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { rawQuery: query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results;
}

async function latest(client: ApiClient = family.owner.client): Promise<HistoryEvent> {
  return (await history(client, 'limit=1'))[0] as HistoryEvent;
}

async function created<T>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const response = await client.post<T>(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const questionOf = (canvas: Canvas, categoryId: number, n: number) => `${categoryId}.${n}`;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Journal Family');
  full = await memberOf(stack, family.owner, EntityRole.FullMember, 'Sofia');
  limited = await memberOf(stack, family.owner, EntityRole.LimitedMember, 'Lucas');
  const sections = family.canvas.sections;
  sharedSectionId = sections[0]!.id;
  sharedCategoryId = sections[0]!.categories[0]!.id;
  hiddenCategoryId = sections[1]!.categories[0]!.id;
  company = await advisorCompanyFor(stack, family.familyId, [sharedSectionId], 'Journal Advisors');
  advisorSection = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Section');
  const readCompany = await advisorCompanyFor(stack, family.familyId, [], 'Reading Advisors');
  advisorRead = await advisorOf(stack, readCompany, family.familyId, WorkRelationRole.Limited, 'Reader');
});

describe('one event per change, written with the change', () => {
  /**
   * Every write route of the canvas groups, with a call that changes something and the
   * event it must leave. A write route added to the manifest without a row here fails.
   */
  it('journals every canvas write route of the manifest', async () => {
    const owner = family.owner.client;
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Family first',
      categoryId: sharedCategoryId,
    });
    const goal = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), {
      title: 'Meet monthly',
      categoryId: sharedCategoryId,
      linkedTakeawayIds: [takeaway.id],
    });
    const action = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: sharedCategoryId }), {
      title: 'Book a room',
      categoryId: sharedCategoryId,
      linkedGoalIds: [goal.id],
    });
    const answer = await created<Answer>(full.client, routePath('createAnswer', { questionId: questionOf(family.canvas, sharedCategoryId, 1) }), {
      questionId: questionOf(family.canvas, sharedCategoryId, 1),
      text: 'We value honesty',
    });
    const toDelete = {
      answer: await created<Answer>(owner, routePath('createAnswer', { questionId: questionOf(family.canvas, sharedCategoryId, 2) }), {
        questionId: questionOf(family.canvas, sharedCategoryId, 2),
        text: 'Gone soon',
      }),
      takeaway: await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
        title: 'Gone soon',
        categoryId: sharedCategoryId,
      }),
      goal: await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), { title: 'Gone soon', categoryId: sharedCategoryId }),
      action: await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: sharedCategoryId }), {
        title: 'Gone soon',
        categoryId: sharedCategoryId,
      }),
    };
    type Case = { client: ApiClient; method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown; action: string; itemType: string; events?: number };
    const cases: Record<string, Case> = {
      createAnswer: {
        client: owner,
        method: 'POST',
        path: routePath('createAnswer', { questionId: questionOf(family.canvas, sharedCategoryId, 3) }),
        body: { questionId: questionOf(family.canvas, sharedCategoryId, 3), text: 'Created answer' },
        action: 'created',
        itemType: 'answer',
      },
      updateAnswer: {
        client: full.client,
        method: 'PATCH',
        path: routePath('updateAnswer', { id: answer.id }),
        body: { text: 'We value honesty above all' },
        action: 'updated',
        itemType: 'answer',
      },
      addAnswerVote: {
        client: owner,
        method: 'POST',
        path: routePath('addAnswerVote', { answerId: answer.id }),
        action: 'voted',
        itemType: 'answer',
      },
      removeAnswerVote: {
        client: owner,
        method: 'DELETE',
        path: routePath('removeAnswerVote', { answerId: answer.id }),
        action: 'unvoted',
        itemType: 'answer',
      },
      deleteAnswer: {
        client: owner,
        method: 'DELETE',
        path: routePath('deleteAnswer', { id: toDelete.answer.id }),
        action: 'deleted',
        itemType: 'answer',
      },
      createTakeaway: {
        client: owner,
        method: 'POST',
        path: routePath('createTakeaway', { categoryId: sharedCategoryId }),
        body: { title: 'Another', categoryId: sharedCategoryId },
        action: 'created',
        itemType: 'takeaway',
      },
      updateTakeaway: {
        client: owner,
        method: 'PATCH',
        path: routePath('updateTakeaway', { id: takeaway.id }),
        body: { title: 'Family first, always' },
        action: 'updated',
        itemType: 'takeaway',
      },
      addTakeawayVote: {
        client: full.client,
        method: 'POST',
        path: routePath('addTakeawayVote', { takeawayId: takeaway.id }),
        action: 'voted',
        itemType: 'takeaway',
      },
      removeTakeawayVote: {
        client: full.client,
        method: 'DELETE',
        path: routePath('removeTakeawayVote', { takeawayId: takeaway.id }),
        action: 'unvoted',
        itemType: 'takeaway',
      },
      archiveTakeaway: {
        client: owner,
        method: 'PATCH',
        path: routePath('archiveTakeaway', { id: toDelete.takeaway.id }),
        body: { archived: true },
        action: 'archived',
        itemType: 'takeaway',
      },
      deleteTakeaway: {
        client: owner,
        method: 'DELETE',
        path: routePath('deleteTakeaway', { id: toDelete.takeaway.id }),
        action: 'deleted',
        itemType: 'takeaway',
      },
      createGoal: {
        client: owner,
        method: 'POST',
        path: routePath('createGoal', { categoryId: sharedCategoryId }),
        body: { title: 'Another goal', categoryId: sharedCategoryId },
        action: 'created',
        itemType: 'goal',
      },
      updateGoal: {
        client: owner,
        method: 'PATCH',
        path: routePath('updateGoal', { id: goal.id }),
        body: { title: 'Meet every month' },
        action: 'updated',
        itemType: 'goal',
      },
      completeGoal: {
        client: owner,
        method: 'PATCH',
        path: routePath('completeGoal', { id: toDelete.goal.id }),
        body: { completed: true },
        action: 'completed',
        itemType: 'goal',
      },
      deleteGoal: { client: owner, method: 'DELETE', path: routePath('deleteGoal', { id: toDelete.goal.id }), action: 'deleted', itemType: 'goal' },
      createActionPoint: {
        client: owner,
        method: 'POST',
        path: routePath('createActionPoint', { categoryId: sharedCategoryId }),
        body: { title: 'Another action', categoryId: sharedCategoryId },
        action: 'created',
        itemType: 'actionPoint',
      },
      updateActionPoint: {
        client: owner,
        method: 'PATCH',
        path: routePath('updateActionPoint', { id: action.id }),
        body: { title: 'Book the big room' },
        action: 'updated',
        itemType: 'actionPoint',
      },
      completeActionPoint: {
        client: owner,
        method: 'PATCH',
        path: routePath('completeActionPoint', { id: toDelete.action.id }),
        body: { completed: true },
        action: 'completed',
        itemType: 'actionPoint',
      },
      deleteActionPoint: {
        client: owner,
        method: 'DELETE',
        path: routePath('deleteActionPoint', { id: toDelete.action.id }),
        action: 'deleted',
        itemType: 'actionPoint',
      },
      updateCanvasTitle: {
        client: owner,
        method: 'PATCH',
        path: routePath('updateCanvasTitle'),
        body: { title: 'Journal Family Plan' },
        action: 'titleChanged',
        itemType: 'canvas',
      },
      updateCanvasShares: {
        client: owner,
        method: 'PATCH',
        path: routePath('updateCanvasShares', { entityId: company.entityId }),
        body: { canvasSections: [sharedSectionId, family.canvas.sections[2]!.id] },
        action: 'sharesChanged',
        itemType: 'shares',
      },
      updateWorkRelationMember: {
        client: owner,
        method: 'POST',
        path: routePath('updateWorkRelationMember', { memberId: advisorRead.userId, entityId: family.familyId }),
        body: { workRelationRoleId: WorkRelationRole.Full },
        action: 'advisorChanged',
        itemType: 'advisor',
      },
      removeWorkRelationMember: {
        client: owner,
        method: 'DELETE',
        path: routePath('removeWorkRelationMember', { memberId: advisorRead.userId, entityId: family.familyId }),
        action: 'advisorRemoved',
        itemType: 'advisor',
      },
      addWorkRelationMember: {
        client: owner,
        method: 'POST',
        path: routePath('addWorkRelationMember', { entityId: family.familyId }),
        body: { memberId: advisorRead.userId, workRelationRoleId: WorkRelationRole.Limited },
        action: 'advisorAdded',
        itemType: 'advisor',
      },
      resetCanvas: { client: owner, method: 'PATCH', path: routePath('resetCanvas'), action: 'reset', itemType: 'canvas', events: -1 },
    };
    // Canvas creation writes the template, not a change of content: it starts the journal empty.
    const notJournaled = new Set(['createCanvas']);
    const groups = ['canvas', 'canvas-answer', 'canvas-takeaway', 'canvas-goal', 'canvas-action-point', 'canvas-shares', 'work-relation-member'] as const;
    const writeRoutes = groups.flatMap((group) => routeManifest[group].routes.filter((route) => route.method !== 'GET').map((route) => route.name));
    expect(writeRoutes.filter((route) => !cases[route] && !notJournaled.has(route))).toEqual([]);

    for (const [route, call] of Object.entries(cases)) {
      const before = (await history(owner, 'limit=100')).map((event) => event.id);
      const response = await call.client.request(call.method, call.path, call.body ?? (call.method === 'DELETE' ? undefined : {}));
      expect(response.status, `${route}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      const after = await history(owner, 'limit=100');
      const fresh = after.filter((event) => !before.includes(event.id));
      if (call.events !== -1) expect(fresh, route).toHaveLength(1);
      const own = fresh.find((event) => event.action === call.action);
      expect(own, `${route}: ${JSON.stringify(fresh.map((e) => e.action))}`).toBeDefined();
      expect(own?.itemType, route).toBe(call.itemType);
      expect(new Set(fresh.map((event) => event.batchId)).size, route).toBe(1);
    }
  });

  it('leaves no event when the write fails', async () => {
    const count = (await history(family.owner.client, 'limit=100')).length;
    const refused = await limited.client.call('createTakeaway', {
      params: { categoryId: sharedCategoryId },
      body: { title: 'Not allowed', categoryId: sharedCategoryId },
    });
    expectError(refused, 8);
    const unknownLink = await family.owner.client.call('createGoal', {
      params: { categoryId: sharedCategoryId },
      body: {
        title: 'Bad link',
        categoryId: sharedCategoryId,
        linkedTakeawayIds: [`${family.familyId}.${'0'.repeat(32)}`],
      },
    });
    expectError(unknownLink, 6);
    expect((await history(family.owner.client, 'limit=100')).length).toBe(count);
  });

  it('keeps events out of the canvas Query', async () => {
    const items = await queryCanvas(family.familyId);
    expect(items.some((item) => String(item.SK).startsWith('H#'))).toBe(false);
  });
});

describe('who sees which events', () => {
  it('shows a section-limited advisor only the events of shared sections, and nothing without a section', async () => {
    // The reset above shared every section again: limit the company anew.
    expect(
      (await family.owner.client.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: [sharedSectionId] } })).status,
    ).toBe(200);
    const hidden = await created<Takeaway>(family.owner.client, routePath('createTakeaway', { categoryId: hiddenCategoryId }), {
      title: 'Secret of the hidden section',
      categoryId: hiddenCategoryId,
    });
    const shown = await created<Takeaway>(family.owner.client, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Shown to advisors',
      categoryId: sharedCategoryId,
      linkedGoalIds: [],
    });
    const forAdvisor = await history(advisorSection.client, 'limit=100', family.familyId);
    const text = JSON.stringify(forAdvisor);
    expect(text).not.toContain('Secret of the hidden section');
    expect(text).not.toContain(hidden.id);
    expect(forAdvisor.some((event) => event.itemId === shown.id)).toBe(true);
    // Events of sections shared earlier (before the reset) may show; never one of the hidden section or without a section.
    expect(forAdvisor.every((event) => event.sectionId !== null && event.sectionId !== family.canvas.sections[1]!.id)).toBe(true);
    // A filter on a hidden section finds nothing, as for an empty one.
    expect(await history(advisorSection.client, `sectionId=${family.canvas.sections[1]!.id}`, family.familyId)).toEqual([]);
    // Every member of the family sees everything, the limited member too; an advisor who sees every section sees the canvas events.
    const forLimited = await history(limited.client, 'limit=100');
    expect(forLimited.some((event) => event.itemId === hidden.id)).toBe(true);
    const forReader = await history(advisorRead.client, 'limit=100', family.familyId);
    expect(forReader.some((event) => event.itemId === hidden.id)).toBe(true);
    expect(forReader.some((event) => event.sectionId === null)).toBe(true);
  });

  it('refuses the feed to strangers and to an advisor without access', async () => {
    const stranger = await familyWithCanvas(stack, 'Stranger Family');
    expectError(await stranger.owner.client.call('getHistory', { params: { familyId: family.familyId } }), 4);
    const noneAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.None, 'Nobody');
    expectError(await noneAdvisor.client.call('getHistory', { params: { familyId: family.familyId } }), 4);
  });

  it('pages newest first with a cursor and filters by person and type', async () => {
    const first = await family.owner.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '3' } });
    expect(first.body.results).toHaveLength(3);
    // The cursor is opaque (sealed by the server), not the last event's id.
    expect(first.body.next).toEqual(expect.any(String));
    expect(first.body.next).not.toBe(first.body.results[2]!.id);
    const ids = first.body.results.map((event) => event.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const second = await family.owner.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '3', cursor: first.body.next! } });
    expect(second.body.results[0]!.id < ids[2]!).toBe(true);
    const byFull = await history(family.owner.client, `userId=${full.userId}&limit=100`);
    expect(byFull.length).toBeGreaterThan(0);
    expect(
      byFull.every((event) => event.actor.userId === full.userId && event.actor.firstName === 'Sofia' && event.actor.entityName === 'Journal Family'),
    ).toBe(true);
    expect((await history(family.owner.client, 'itemType=goal&limit=100')).every((event) => event.itemType === 'goal')).toBe(true);
    expectError(await family.owner.client.call('getOwnHistory', { query: { limit: '500' } }), 6);
    expectError(await family.owner.client.call('getOwnHistory', { looseQuery: { itemType: 'nope' } }), 6);
  });
});

describe('undo and restore', () => {
  it('restores a deleted goal with both its links and the votes of who may still vote', async () => {
    const owner = family.owner.client;
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Linked takeaway',
      categoryId: sharedCategoryId,
    });
    const goal = await created<Goal>(full.client, routePath('createGoal', { categoryId: sharedCategoryId }), {
      title: 'Goal to restore',
      categoryId: sharedCategoryId,
      linkedTakeawayIds: [takeaway.id],
    });
    const action = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: sharedCategoryId }), {
      title: 'Linked action',
      categoryId: sharedCategoryId,
      linkedGoalIds: [goal.id],
    });
    expect((await full.client.call('deleteGoal', { params: { id: goal.id } })).status).toBe(204);
    const deleted = await history(owner, 'action=deleted&itemType=goal');
    const event = deleted.find((candidate) => candidate.itemId === goal.id) as HistoryEvent;
    expect(event.before?.linkedTakeawayIds).toEqual([takeaway.id]);
    // Another member (the owner) restores it from "Recently deleted".
    const restored = await owner.call<'revertEvent', RevertResponse>('revertEvent', { params: { eventId: event.id } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.results[0]).toMatchObject({ action: 'restored', itemId: goal.id, revertsEventId: event.id });
    const category = await getCategory(owner, sharedCategoryId);
    expect(category.goals.find((g) => g.id === goal.id)?.linkedTakeawayIds).toEqual([takeaway.id]);
    expect(category.goals.find((g) => g.id === goal.id)?.linkedActionPointIds).toEqual([action.id]);
    expect(category.takeaways.find((t) => t.id === takeaway.id)?.linkedGoalIds).toContain(goal.id);
    expect(category.actionPoints.find((a) => a.id === action.id)?.linkedGoalIds).toContain(goal.id);
    // It leaves "Recently deleted"; reverting the delete again is refused as changed (it exists).
    expect((await history(owner, 'action=deleted&itemType=goal')).some((candidate) => candidate.itemId === goal.id)).toBe(false);
    const twice = await owner.call('revertEvent', { params: { eventId: event.id } });
    expect(twice.status).toBe(409);
    expectError(twice, 71);
  });

  it('restores a deleted answer with its votes', async () => {
    const questionId = questionOf(family.canvas, sharedCategoryId, 4);
    const answer = await created<Answer>(full.client, routePath('createAnswer', { questionId }), { questionId, text: 'Voted answer' });
    expect((await family.owner.client.call('addAnswerVote', { params: { answerId: answer.id } })).status).toBeLessThan(300);
    expect((await full.client.call('deleteAnswer', { params: { id: answer.id } })).status).toBe(204);
    const event = await latest(full.client);
    expect(event.action).toBe('deleted');
    expect((await full.client.call('revertEvent', { params: { eventId: event.id } })).status).toBe(200);
    const back = (await getCategory(full.client, sharedCategoryId)).questions.flatMap((q) => q.answers).find((a) => a.id === answer.id);
    expect(back?.votes.map((vote) => vote.userId)).toEqual([family.owner.userId]);
    // One answer per user per question still holds: the author cannot answer that question again.
    expectError(await full.client.call('createAnswer', { params: { questionId }, body: { questionId, text: 'Second' } }), 9);
  });

  it('undoes an edit, refuses with 409 and the item as it is now when someone changed it since, and undoes the undo', async () => {
    const owner = family.owner.client;
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Original title',
      categoryId: sharedCategoryId,
    });
    await owner.call('updateTakeaway', { params: { id: takeaway.id }, body: { title: 'Edited title' } });
    const edit = await latest();
    await full.client.call('updateTakeaway', { params: { id: takeaway.id }, body: { title: 'Sofia’s title' } });
    const refused = await owner.call('revertEvent', { params: { eventId: edit.id } });
    expect(refused.status).toBe(409);
    const body = expectError(refused, 71) as unknown as { details: ItemChangedDetails };
    expect(body.details.current?.title).toBe('Sofia’s title');
    expect(body.details.changedBy?.userId).toBe(full.userId);
    expect((await getCategory(owner, sharedCategoryId)).takeaways.find((t) => t.id === takeaway.id)?.title).toBe('Sofia’s title');
    // Sofia undoes her own change: the owner's title is back; undoing that undo gives hers again.
    const sofias = await latest();
    const undone = await full.client.call<'revertEvent', RevertResponse>('revertEvent', { params: { eventId: sofias.id } });
    expect(undone.status).toBe(200);
    expect(undone.body.results[0]?.action).toBe('reverted');
    expect((await getCategory(owner, sharedCategoryId)).takeaways.find((t) => t.id === takeaway.id)?.title).toBe('Edited title');
    expect((await full.client.call('revertEvent', { params: { eventId: undone.body.results[0]!.id } })).status).toBe(200);
    expect((await getCategory(owner, sharedCategoryId)).takeaways.find((t) => t.id === takeaway.id)?.title).toBe('Sofia’s title');
  });

  it('lets only the actor (with edit rights) or the family’s owners and admins undo', async () => {
    const takeaway = await created<Takeaway>(full.client, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Sofia’s takeaway',
      categoryId: sharedCategoryId,
    });
    const event = (await history(full.client, `userId=${full.userId}&limit=10`)).find((candidate) => candidate.itemId === takeaway.id) as HistoryEvent;
    expectError(await limited.client.call('revertEvent', { params: { eventId: event.id } }), 8);
    expectError(await advisorSection.client.call('revertEvent', { params: { eventId: event.id }, query: { familyId: family.familyId } }), 8);
    expectError(await family.owner.client.call('revertEvent', { params: { eventId: `${'0'.repeat(12)}${'a'.repeat(10)}` } }), 4);
    expect((await family.owner.client.call('revertEvent', { params: { eventId: event.id } })).status).toBe(200);
    expect((await getCategory(full.client, sharedCategoryId)).takeaways.some((t) => t.id === takeaway.id)).toBe(false);
  });

  it('loses no update when a revert races an edit, 50 times', async () => {
    const owner = family.owner.client;
    for (let round = 0; round < 50; round += 1) {
      const goal = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), {
        title: `Race ${round}`,
        categoryId: sharedCategoryId,
      });
      await owner.call('updateGoal', { params: { id: goal.id }, body: { title: `Race ${round} edited` } });
      const edit = await latest();
      const [revert, update] = await Promise.all([
        owner.call('revertEvent', { params: { eventId: edit.id } }),
        owner.call<'updateGoal', Goal>('updateGoal', { params: { id: goal.id }, body: { title: `Race ${round} final` } }),
      ]);
      const title = (await getCategory(owner, sharedCategoryId)).goals.find((g) => g.id === goal.id)?.title;
      // Whichever came second saw the other: never a silent mix.
      if (revert.status === 200 && update.status === 200) expect(title).toBe(`Race ${round} final`);
      else if (revert.status === 200) {
        expect(update.status).toBe(409);
        expect(title).toBe(`Race ${round}`);
      } else {
        expect(revert.status).toBe(409);
        expect(update.status).toBe(200);
        expect(title).toBe(`Race ${round} final`);
      }
    }
  }, 120_000);

  it('undoes a reset: the content, its links and the sharing come back', async () => {
    const reset = await familyWithCanvas(stack, 'Reset Family');
    const cat = reset.canvas.sections[0]!.categories[0]!.id;
    const advisors = await advisorCompanyFor(stack, reset.familyId, [], 'Reset Advisors');
    await reset.owner.client.call('updateCanvasShares', { params: { entityId: advisors.entityId }, body: { canvasSections: [reset.canvas.sections[0]!.id] } });
    const takeaway = await created<Takeaway>(reset.owner.client, routePath('createTakeaway', { categoryId: cat }), { title: 'Before reset', categoryId: cat });
    const goal = await created<Goal>(reset.owner.client, routePath('createGoal', { categoryId: cat }), {
      title: 'Goal before reset',
      categoryId: cat,
      linkedTakeawayIds: [takeaway.id],
    });
    const questionId = `${cat}.1`;
    await created<Answer>(reset.owner.client, routePath('createAnswer', { questionId }), { questionId, text: 'Answer before reset' });
    expect((await reset.owner.client.call('resetCanvas')).status).toBe(204);
    expect((await getCategory(reset.owner.client, cat)).takeaways).toEqual([]);
    const resetEvent = (await history(reset.owner.client, 'itemType=canvas')).find((event) => event.action === 'reset') as HistoryEvent;
    const undone = await reset.owner.client.call<'revertEvent', RevertResponse>('revertEvent', { params: { eventId: resetEvent.id } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const category = await getCategory(reset.owner.client, cat);
    expect(category.takeaways.map((t) => t.title)).toEqual(['Before reset']);
    expect(category.goals.find((g) => g.id === goal.id)?.linkedTakeawayIds).toEqual([takeaway.id]);
    expect(category.questions[0]?.answers.map((a) => a.text)).toEqual(['Answer before reset']);
    const shares = await reset.owner.client.call<'getCanvasShares', { canvasSections: Array<{ id: number }> }>('getCanvasShares', {
      params: { entityId: advisors.entityId },
    });
    expect(shares.body.canvasSections.map((section) => section.id)).toEqual([reset.canvas.sections[0]!.id]);
  });
});

/**
 * Moves the clock on by `minutes`, keeping the given sessions alive (they end after 30 idle
 * minutes) with a request that is no canvas visit; the clock goes back after the test.
 */
async function passTime(minutes: number, ...clients: ApiClient[]): Promise<void> {
  for (let left = minutes; left > 0; left -= 20) {
    advanceClock(Math.min(left, 20) * 60_000);
    for (const client of clients) expect((await client.call('listMemberRoles')).status).toBe(200);
  }
}

describe('since your last visit', () => {
  afterEach(() => resetClock());

  it('marks what others changed since the previous visit', async () => {
    const visitor = await memberOf(stack, family.owner, EntityRole.FullMember, 'Visitor');
    await getCanvas(visitor.client);
    await passTime(31, visitor.client, family.owner.client);
    const fresh = await created<Takeaway>(family.owner.client, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'New since your visit',
      categoryId: sharedCategoryId,
    });
    const own = await created<Takeaway>(visitor.client, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'My own',
      categoryId: sharedCategoryId,
    });
    await passTime(31, visitor.client, family.owner.client);
    const canvas = await getCanvas(visitor.client);
    const takeaways = canvas.sections.flatMap((s) => s.categories).flatMap((c) => c.takeaways);
    expect(takeaways.find((t) => t.id === fresh.id)?.changedSinceLastVisit).toBe(true);
    expect(takeaways.find((t) => t.id === own.id)?.changedSinceLastVisit).toBe(false);
    expect(takeaways.filter((t) => t.id !== fresh.id && t.changedSinceLastVisit)).toEqual([]);
  });
});

describe('the advisor access log', () => {
  it('records an advisor’s reads once per section and hour, and shows them to the family’s owners only', async () => {
    for (let read = 0; read < 100; read += 1) await advisorSection.client.call('getCanvas', { params: { familyId: family.familyId } });
    const log = await family.owner.client.call<'getAccessLog', AccessLogPage>('getAccessLog');
    expect(log.status).toBe(200);
    // The hundred reads are one visit, listing each section read once.
    const mine = log.body.results.filter((row) => row.userId === advisorSection.userId);
    expect(mine).toHaveLength(1);
    const sections = mine[0]!.sections.map((section) => section.sectionId);
    expect(sections.length).toBe(new Set(sections).size);
    expect(
      mine.every((row) => row.firstName === 'Section' && row.entityName === 'Journal Advisors' && row.sections.every((section) => section.kind === 'read')),
    ).toBe(true);
    // Family members read nothing of it themselves.
    expect(log.body.results.some((row) => row.userId === family.owner.userId)).toBe(false);
    expectError(await limited.client.call('getAccessLog'), 8);
    expectError(await advisorSection.client.call('getAccessLog'), 8);
    const csv = await family.owner.client.call<'getAccessLogCsv', string>('getAccessLogCsv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment; filename="advisor-access-log');
    expect(String(csv.body)).toContain('"Section"');
    // The company's own compliance view: its owner sees its members' reads; its members do not.
    const companyLog = await company.client.call<'getCompanyAccessLog', AccessLogPage>('getCompanyAccessLog');
    expect(companyLog.body.results.some((row) => row.userId === advisorSection.userId && row.familyName === 'Journal Family')).toBe(true);
    expectError(await advisorSection.client.call('getCompanyAccessLog'), 8);
    expectError(await family.owner.client.call('getAccessLog', { query: { from: '2026-13-01' } }), 6);
  });
});
