import { beforeAll, expect, it } from 'vitest';
import type { CategoryResponse, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { HistoryPage } from '../../shared/contracts/history';
import type { LiveServerMessage } from '../../shared/contracts/live';
import { WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { liveSocketsOf } from '../support/live';

/**
 * What a live `change` carries besides the history event (functions/domain/canvas/live-view.ts):
 * the changed items exactly as each reader's own category page shows them, nothing of a
 * section the reader may not see, not even a link to it. The catch-up after a reconnect
 * (GET /api/canvas/history/{familyId}?canvasSince=…) carries the same, built by the same code.
 */

const stack = useIntegrationStack();
const open = liveSocketsOf(stack);

let family: FamilyWithCanvas;
let sectionAdvisor: TestAccount;
let sharedCategoryId: number;
let hiddenCategoryId: number;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Views Family');
  const sharedSectionId = family.canvas.sections[0]!.id;
  sharedCategoryId = family.canvas.sections[0]!.categories[0]!.id;
  hiddenCategoryId = family.canvas.sections[1]!.categories[0]!.id;
  const company = await advisorCompanyFor(stack, family.familyId, [sharedSectionId], 'View Advisors');
  sectionAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Section');
});

async function ok<T>(promise: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const response = await promise;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

const categoryOf = (client: ApiClient, categoryId: number) =>
  ok(client.call<'getCategory', CategoryResponse>('getCategory', { params: { id: categoryId }, looseQuery: { familyId: family.familyId } }));

it('carries the changed items as each reader’s category page shows them, without a hidden section’s', async () => {
  const owner = await open(family.owner.client);
  const advisor = await open(sectionAdvisor.client, family.familyId);
  const sharedGoal = await ok(
    family.owner.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: sharedCategoryId },
      body: { title: 'Shared goal', categoryId: sharedCategoryId },
    }),
    201,
  );
  const hiddenGoal = await ok(
    family.owner.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: hiddenCategoryId },
      body: { title: 'Hidden goal', categoryId: hiddenCategoryId },
    }),
    201,
  );
  const takeaway = await ok(
    family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: sharedCategoryId },
      body: {
        title: 'Linked both ways',
        categoryId: sharedCategoryId,
        linkedGoalIds: [sharedGoal.id, hiddenGoal.id],
      },
    }),
    201,
  );
  type Change = Extract<LiveServerMessage, { type: 'change' }>;
  const isCreate = (message: LiveServerMessage): message is Change => message.type === 'change' && message.event.itemId === takeaway.id;
  const [ownerChange, advisorChange] = await Promise.all([owner.waitFor(isCreate), advisor.waitFor(isCreate)]);

  for (const [client, change] of [
    [family.owner.client, ownerChange],
    [sectionAdvisor.client, advisorChange],
  ] as const) {
    const page = await categoryOf(client, sharedCategoryId);
    expect(change.canvas?.reload).toBe(false);
    // "Changed since your last visit" depends on the visit: the page knows it, the live change marks what others changed lately.
    const shown = (item: { changedSinceLastVisit: boolean } | undefined) => item && { ...item, changedSinceLastVisit: null };
    const sent = new Map(change.canvas!.upsert.map((view) => [view.item.id, shown(view.item)]));
    // The takeaway and the shared goal whose back-link it added, as the page shows them.
    expect(sent.get(takeaway.id)).toEqual(shown(page.takeaways.find((item) => item.id === takeaway.id)));
    expect(sent.get(sharedGoal.id)).toEqual(shown(page.goals.find((item) => item.id === sharedGoal.id)));
  }
  // The family sees the hidden goal's new back-link; the advisor nothing of it.
  expect(ownerChange.canvas!.upsert.map((view) => view.item.id)).toContain(hiddenGoal.id);
  expect(advisorChange.canvas!.upsert.map((view) => view.item.id).sort()).toEqual([takeaway.id, sharedGoal.id].sort());
  const raw = JSON.stringify(advisorChange);
  expect(raw).not.toContain(hiddenGoal.id);
  expect(raw).not.toContain('Hidden goal');
});

it('gives the catch-up the items its events touched as each reader’s category page shows them now, without a hidden section’s', async () => {
  const create = (title: string, categoryId: number, extra: object = {}) =>
    ok(family.owner.client.call<'createGoal', Goal>('createGoal', { params: { categoryId }, body: { title, categoryId, ...extra } }), 201);
  const sharedGoal = await create('Caught-up shared goal', sharedCategoryId);
  const hiddenGoal = await create('Caught-up hidden goal', hiddenCategoryId);
  const goneGoal = await create('Caught-up gone goal', sharedCategoryId);
  const takeaway = await ok(
    family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: sharedCategoryId },
      body: {
        title: 'Caught-up takeaway',
        categoryId: sharedCategoryId,
        linkedGoalIds: [sharedGoal.id, hiddenGoal.id],
      },
    }),
    201,
  );
  await ok(family.owner.client.call('deleteGoal', { params: { id: goneGoal.id } }), 204);
  const feed = await ok(family.owner.client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId: family.familyId }, query: { limit: '10' } }));
  expect(feed.canvas).toBeUndefined();
  const since = feed.results.find((event) => event.itemId === sharedGoal.id && event.action === 'created')!.createdDate;
  const catchUpOf = (client: ApiClient) =>
    ok(client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId: family.familyId }, query: { limit: '100', canvasSince: since } }));

  const shown = (item: { changedSinceLastVisit: boolean } | undefined) => item && { ...item, changedSinceLastVisit: null };
  const [ownerPage, advisorPage] = await Promise.all([catchUpOf(family.owner.client), catchUpOf(sectionAdvisor.client)]);
  for (const [client, answer] of [
    [family.owner.client, ownerPage],
    [sectionAdvisor.client, advisorPage],
  ] as const) {
    const page = await categoryOf(client, sharedCategoryId);
    expect(answer.canvas?.reload).toBe(false);
    const sent = new Map(answer.canvas!.upsert.map((view) => [view.item.id, shown(view.item)]));
    expect(sent.get(takeaway.id)).toEqual(shown(page.takeaways.find((item) => item.id === takeaway.id)));
    expect(sent.get(sharedGoal.id)).toEqual(shown(page.goals.find((item) => item.id === sharedGoal.id)));
    expect(answer.canvas!.remove).toContainEqual({ kind: 'goal', id: goneGoal.id });
    expect(sent.has(goneGoal.id)).toBe(false);
  }
  // The family sees the hidden goal; the section-limited advisor nothing of it, neither as an item nor as a link.
  expect(ownerPage.canvas!.upsert.map((view) => view.item.id)).toContain(hiddenGoal.id);
  expect(advisorPage.canvas!.upsert.map((view) => view.item.id).sort()).toEqual([takeaway.id, sharedGoal.id].sort());
  const raw = JSON.stringify(advisorPage);
  expect(raw).not.toContain(hiddenGoal.id);
  expect(raw).not.toContain('Caught-up hidden goal');
});

it('refuses a catch-up time that is not an ISO date-time (INCORRECT_INPUT, naming the field)', async () => {
  for (const bad of ['yesterday', '', '2026-13-01T00:00:00Z', '2026-03-12', '1741771800000', `2026-03-12T09:30:00.000Z${'0'.repeat(200)}`, '%00']) {
    const response = await family.owner.client.call<'getHistory', { errorCode: number; errors?: Record<string, unknown> }>('getHistory', {
      params: { familyId: family.familyId },
      query: { canvasSince: bad === '%00' ? bad : encodeURIComponent(bad) },
    });
    expect(response.status, bad).toBe(400);
    expect(response.body.errorCode, bad).toBe(6);
    expect(Object.keys(response.body.errors ?? {}), bad).toContain('canvasSince');
  }
});
