import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Canvas, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage, ItemChangedDetails, RevertResponse } from '../../shared/contracts/history';
import { WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, created, expectError, familyWithCanvas, getCanvas, patched, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { liveSocketsOf } from '../support/live';
import type { LiveServerMessage } from '../../shared/contracts/live';
import { routePath } from '../support/route-calls';

/**
 * (docs/product/history-and-undo.md, "What changed" and "Restore a
 * version"): each history event carries `changes` field by field, filtered for the reader;
 * an item's own history lists its versions; "Restore this version" sets the item back, as
 * an event of its own that can be undone, refused when stale. Real handlers through the
 * local gateway, DynamoDB Local.
 */

const stack = useIntegrationStack();
const openSocket = liveSocketsOf(stack);

let family: FamilyWithCanvas;
let advisorSection: TestAccount;
let sharedCategoryId: number;
let hiddenCategoryId: number;

async function history(client: ApiClient, query = '', familyId?: number): Promise<HistoryEvent[]> {
  const response = familyId
    ? await client.call<'getHistory', HistoryPage>('getHistory', { params: { familyId }, rawQuery: query })
    : await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { rawQuery: query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results;
}

const itemHistory = (client: ApiClient, itemId: string, familyId?: number) => history(client, `itemId=${itemId}`, familyId);

const takeawaysOf = (canvas: Canvas) => canvas.sections.flatMap((section) => section.categories.flatMap((category) => category.takeaways));
const goalsOf = (canvas: Canvas) => canvas.sections.flatMap((section) => section.categories.flatMap((category) => category.goals));

const changeOf = (event: HistoryEvent | undefined, field: string) => event?.changes?.find((change) => change.field === field);

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Versions Family');
  const sections = family.canvas.sections;
  sharedCategoryId = sections[0]!.categories[0]!.id;
  hiddenCategoryId = sections[1]!.categories[0]!.id;
  const company = await advisorCompanyFor(stack, family.familyId, [sections[0]!.id], 'Versions Advisors');
  advisorSection = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Section');
});

describe('what changed, field by field', () => {
  it('lists the fields of a create, an edit, a link, an archive and a delete', async () => {
    const owner = family.owner.client;
    const goal = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), {
      title: 'Fund the foundation',
      text: 'Every year',
      categoryId: sharedCategoryId,
      goalTerm: 'LongTerm',
      dueDate: '2030-01-31',
    });
    const createdEvent = (await itemHistory(owner, goal.id))[0];
    expect(createdEvent?.action).toBe('created');
    expect(changeOf(createdEvent, 'title')).toEqual({ field: 'title', before: null, after: 'Fund the foundation' });
    expect(changeOf(createdEvent, 'description')).toEqual({ field: 'description', before: null, after: 'Every year' });
    expect(changeOf(createdEvent, 'term')).toEqual({ field: 'term', before: null, after: 'LongTerm' });
    expect(changeOf(createdEvent, 'dueDate')).toEqual({ field: 'dueDate', before: null, after: '2030-01-31' });
    // Nothing set, nothing listed.
    expect(changeOf(createdEvent, 'completed')).toBeUndefined();

    const action = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: sharedCategoryId }), {
      title: 'Call the bank',
      categoryId: sharedCategoryId,
      priority: 'LowPriority',
    });
    await patched(owner, routePath('updateActionPoint', { id: action.id }), {
      title: 'Call the bank today',
      priority: 'HighPriority',
      updatePriority: true,
      dueDate: '2027-06-30',
      linkedGoalIds: [goal.id],
      version: action.version,
    });
    const edit = (await itemHistory(owner, action.id))[0];
    expect(edit?.action).toBe('updated');
    expect(edit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: 'Call the bank', after: 'Call the bank today' },
        { field: 'priority', before: 'LowPriority', after: 'HighPriority' },
        { field: 'dueDate', before: null, after: '2027-06-30' },
        { field: 'linkedGoals', before: [], after: [goal.id] },
      ]),
    );

    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Keep it simple',
      categoryId: sharedCategoryId,
    });
    await patched(owner, routePath('archiveTakeaway', { id: takeaway.id }), { archived: true });
    const archive = (await itemHistory(owner, takeaway.id))[0];
    expect(archive?.action).toBe('archived');
    expect(archive?.changes).toEqual([{ field: 'archived', before: false, after: true }]);

    expect((await owner.call('deleteActionPoint', { params: { id: action.id } })).status).toBeLessThan(300);
    const deletion = (await itemHistory(owner, action.id))[0];
    expect(deletion?.action).toBe('deleted');
    expect(deletion?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: 'Call the bank today', after: null },
        { field: 'priority', before: 'HighPriority', after: null },
        { field: 'dueDate', before: '2027-06-30', after: null },
        { field: 'linkedGoals', before: [goal.id], after: null },
      ]),
    );
  });

  it('leaves out, for a section-limited advisor, every link into a hidden section', async () => {
    const owner = family.owner.client;
    const hiddenGoal = await created<Goal>(owner, routePath('createGoal', { categoryId: hiddenCategoryId }), {
      title: 'Hidden goal',
      categoryId: hiddenCategoryId,
    });
    const sharedGoal = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), {
      title: 'Shared goal',
      categoryId: sharedCategoryId,
    });
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Linked both ways',
      categoryId: sharedCategoryId,
    });
    await patched(owner, routePath('updateTakeaway', { id: takeaway.id }), { title: 'Linked both ways', linkedGoalIds: [hiddenGoal.id, sharedGoal.id] });

    // The family sees both links.
    const ownView = (await itemHistory(owner, takeaway.id))[0];
    expect(changeOf(ownView, 'linkedGoals')?.after).toEqual([hiddenGoal.id, sharedGoal.id].sort());

    // The advisor sees the one into their section, in the item's history, the feed and the live catch-up alike.
    const theirs = await itemHistory(advisorSection.client, takeaway.id, family.familyId);
    expect(changeOf(theirs[0], 'linkedGoals')).toEqual({ field: 'linkedGoals', before: [], after: [sharedGoal.id] });
    const feed = await history(advisorSection.client, 'limit=100', family.familyId);
    expect(JSON.stringify(feed)).not.toContain(hiddenGoal.id);
    expect(JSON.stringify(theirs)).not.toContain(hiddenGoal.id);
    const since = await history(
      advisorSection.client,
      `limit=100&canvasSince=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
      family.familyId,
    );
    expect(JSON.stringify(since)).not.toContain(hiddenGoal.id);
    // The hidden goal's own history is empty for them.
    expect(await itemHistory(advisorSection.client, hiddenGoal.id, family.familyId)).toEqual([]);
  });

  it('sends the live channel’s history events with changes filtered for each receiving viewer', async () => {
    const owner = family.owner.client;
    const hiddenGoal = await created<Goal>(owner, routePath('createGoal', { categoryId: hiddenCategoryId }), {
      title: 'Hidden live goal',
      categoryId: hiddenCategoryId,
    });
    const sharedGoal = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), {
      title: 'Shared live goal',
      categoryId: sharedCategoryId,
    });
    const takeaway = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Live links',
      categoryId: sharedCategoryId,
    });
    const ownerSocket = await openSocket(owner);
    const advisorSocket = await openSocket(advisorSection.client, family.familyId);
    await patched(owner, routePath('updateTakeaway', { id: takeaway.id }), { title: 'Live links', linkedGoalIds: [hiddenGoal.id, sharedGoal.id] });
    const isTheEdit = (message: LiveServerMessage) => message.type === 'change' && message.event.itemId === takeaway.id && message.event.action === 'updated';
    const toOwner = await ownerSocket.waitFor(isTheEdit, { timeoutMs: 30_000 });
    const toAdvisor = await advisorSocket.waitFor(isTheEdit, { timeoutMs: 30_000 });
    if (toOwner.type !== 'change' || toAdvisor.type !== 'change') throw new Error('not a change');
    expect(changeOf(toOwner.event, 'linkedGoals')?.after).toEqual([hiddenGoal.id, sharedGoal.id].sort());
    expect(changeOf(toAdvisor.event, 'linkedGoals')).toEqual({ field: 'linkedGoals', before: [], after: [sharedGoal.id] });
    expect(JSON.stringify(toAdvisor)).not.toContain(hiddenGoal.id);
  });
});

describe("an item's versions and restoring one", () => {
  it('lists the versions newest first and restores fields and the links to items that still exist', async () => {
    const owner = family.owner.client;
    const kept = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), { title: 'Kept goal', categoryId: sharedCategoryId });
    const gone = await created<Goal>(owner, routePath('createGoal', { categoryId: sharedCategoryId }), { title: 'Gone goal', categoryId: sharedCategoryId });
    const first = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'First words',
      text: 'As we first said it',
      categoryId: sharedCategoryId,
      linkedGoalIds: [kept.id, gone.id],
    });
    const second = await patched<Takeaway>(owner, routePath('updateTakeaway', { id: first.id }), {
      title: 'Second words',
      text: null,
      linkedGoalIds: [],
      version: first.version,
    });
    expect((await owner.call('deleteGoal', { params: { id: gone.id } })).status).toBeLessThan(300);

    const versions = await itemHistory(owner, first.id);
    expect(versions.map((event) => event.action)).toEqual(['updated', 'created']);
    expect(versions[0]!.id > versions[1]!.id).toBe(true);

    const createEvent = versions[1]!;
    const restored = await owner.call<'restoreVersion', RevertResponse>('restoreVersion', {
      params: { eventId: createEvent.id },
      body: { version: second.version },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.results[0]).toMatchObject({ action: 'versionRestored', itemId: first.id, revertsEventId: createEvent.id });

    const canvas = await getCanvas(owner);
    const takeaway = takeawaysOf(canvas).find((one) => one.id === first.id)!;
    expect(takeaway).toMatchObject({ title: 'First words', text: 'As we first said it', linkedGoalIds: [kept.id] });
    // Both sides of the link came back; the deleted goal did not.
    expect(goalsOf(canvas).find((one) => one.id === kept.id)?.linkedTakeawayIds).toEqual([first.id]);
    expect(goalsOf(canvas).some((one) => one.id === gone.id)).toBe(false);

    // Journaled as a version of its own, with what it changed; and it can be undone.
    const afterRestore = await itemHistory(owner, first.id);
    expect(afterRestore.map((event) => event.action)).toEqual(['versionRestored', 'updated', 'created']);
    expect(changeOf(afterRestore[0], 'title')).toEqual({ field: 'title', before: 'Second words', after: 'First words' });
    expect(changeOf(afterRestore[0], 'linkedGoals')).toEqual({ field: 'linkedGoals', before: [], after: [kept.id] });
    const undone = await owner.call<'revertEvent', RevertResponse>('revertEvent', { params: { eventId: afterRestore[0]!.id } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const back = takeawaysOf(await getCanvas(owner)).find((one) => one.id === first.id)!;
    expect(back).toMatchObject({ title: 'Second words', text: null, linkedGoalIds: [] });
  });

  it('restores an assigned action point, its place in "My actions" following the restored state', async () => {
    const owner = family.owner.client;
    const mine = async (id: string) => {
      const response = await owner.call<'listMyActionPoints', { actionPoints: Array<{ id: string; title: string }> }>('listMyActionPoints');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.actionPoints.filter((point) => point.id === id).map((point) => point.title);
    };
    const item = await created<ActionPoint>(owner, routePath('createActionPoint', { categoryId: sharedCategoryId }), {
      title: 'Call the notary',
      categoryId: sharedCategoryId,
      assigneeId: family.owner.userId,
    });
    // Still assigned after the edit: the restore rewrites the assignee index it stands in.
    const edited = await patched<ActionPoint>(owner, routePath('updateActionPoint', { id: item.id }), { title: 'Call the bank', version: item.version });
    expect(await mine(item.id)).toEqual(['Call the bank']);
    const [, createEvent] = await itemHistory(owner, item.id);
    const restored = await owner.call<'restoreVersion', RevertResponse>('restoreVersion', {
      params: { eventId: createEvent!.id },
      body: { version: edited.version },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await mine(item.id)).toEqual(['Call the notary']);

    // Unassigned, then its first version restored: assigned again.
    const unassigned = await patched<ActionPoint>(owner, routePath('updateActionPoint', { id: item.id }), {
      title: 'Call the bank',
      assigneeId: null,
      // The restore was one more version of it.
      version: edited.version + 1,
    });
    expect(await mine(item.id)).toEqual([]);
    const again = await owner.call<'restoreVersion', RevertResponse>('restoreVersion', {
      params: { eventId: createEvent!.id },
      body: { version: unassigned.version },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await mine(item.id)).toEqual(['Call the notary']);
  });

  it('refuses a restore started from an older version with the compare view (409, 71)', async () => {
    const owner = family.owner.client;
    const item = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Version one',
      categoryId: sharedCategoryId,
    });
    const [createEvent] = await itemHistory(owner, item.id);
    const two = await patched<Takeaway>(owner, routePath('updateTakeaway', { id: item.id }), { title: 'Version two', version: item.version });
    // Someone else changes it after the restorer read version two.
    await patched<Takeaway>(owner, routePath('updateTakeaway', { id: item.id }), { title: 'Version three', version: two.version });
    const refused = await owner.call('restoreVersion', { params: { eventId: createEvent!.id }, body: { version: two.version } });
    expect(refused.status).toBe(409);
    const body = expectError(refused, 71) as { details?: ItemChangedDetails };
    expect(body.details).toMatchObject({ itemType: 'takeaway', itemId: item.id, current: expect.objectContaining({ title: 'Version three' }) });
    expect(body.details?.changedBy).toMatchObject({ userId: family.owner.userId });
    // Nothing changed.
    expect(takeawaysOf(await getCanvas(owner)).find((one) => one.id === item.id)?.title).toBe('Version three');
  });

  it('does not find an item of a hidden section for a section-limited advisor, and refuses bad ids with catalogue errors', async () => {
    const owner = family.owner.client;
    const hidden = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: hiddenCategoryId }), {
      title: 'Not yours',
      categoryId: hiddenCategoryId,
    });
    const [hiddenEvent] = await itemHistory(owner, hidden.id);
    expectError(
      await advisorSection.client.call('restoreVersion', {
        params: { eventId: hiddenEvent!.id },
        query: { familyId: family.familyId },
        body: { version: hidden.version },
      }),
      4,
    );

    // In their own section the same advisor may restore (a takeaway: whoever may edit it).
    const shared = await created<Takeaway>(owner, routePath('createTakeaway', { categoryId: sharedCategoryId }), {
      title: 'Shared one',
      categoryId: sharedCategoryId,
    });
    const [sharedEvent] = await itemHistory(owner, shared.id);
    const edited = await patched<Takeaway>(owner, routePath('updateTakeaway', { id: shared.id }), { title: 'Shared two', version: shared.version });
    const ok = await advisorSection.client.call('restoreVersion', {
      params: { eventId: sharedEvent!.id },
      query: { familyId: family.familyId },
      body: { version: edited.version },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    expectError(await owner.call('restoreVersion', { params: { eventId: 'not-an-event' }, body: { version: 1 } }), 6);
    expectError(await owner.call('restoreVersion', { params: { eventId: `${'0'.repeat(12)}${'a'.repeat(10)}` }, body: { version: 1 } }), 4);
    expectError(await owner.call('restoreVersion', { params: { eventId: sharedEvent!.id } }), 2);
    expectError(await owner.call('restoreVersion', { params: { eventId: sharedEvent!.id }, looseBody: { version: 'two' } }), 2);
    expectError(await owner.call('getOwnHistory', { query: { itemId: 'not-an-item' } }), 6);
    // A deletion leaves no version to restore.
    expect((await owner.call('deleteTakeaway', { params: { id: hidden.id } })).status).toBeLessThan(300);
    const [deletion] = await itemHistory(owner, hidden.id);
    expectError(await owner.call('restoreVersion', { params: { eventId: deletion!.id }, body: { version: 1 } }), 2);
  });
});
