import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { EntityRole, EntityType } from '../../../shared/enums';
import { canSeeSection, permissionsForRole, type CanvasAccess } from '../../../shared/permissions';
import type { CanvasContext } from './context';
import type { GoalItem, TakeawayItem } from '../../records/items';
import { canvasChangeOf, liveCanvasChange, touchedItems } from './live-view';
import { CanvasSnapshot } from './context';
import { visibleEvent } from '../../records/journal-visibility';
import { sectionAdvisorAccess } from './testing/access';

/**
 * What a live `change` carries for one reader (functions/domain/canvas/live-view.ts): the
 * changed items as that reader's canvas read shows them, nothing of a section hidden from
 * them, no link to an item they may not see.
 */

const shared = 5001;
const hidden = 5002;
const id = (n: number) => `5.${String(n).padStart(32, '0')}`;
const base = { createdByUserId: 'owner', createdAt: '2026-03-12T09:00:00.000Z', text: null, initiatorId: null };
const goal = (n: number, sectionId: number, links: Partial<Pick<GoalItem, 'linkedTakeawayIds'>> = {}): GoalItem => ({
  ...base,
  type: 'Goal',
  id: id(n),
  categoryId: sectionId * 10 + 1,
  sectionId,
  title: `Goal ${n}`,
  goalTerm: 'NoTerm',
  completed: false,
  version: 2,
  ...links,
});
const takeaway = (n: number, sectionId: number, linkedGoalIds: string[], extra: Partial<TakeawayItem> = {}): TakeawayItem => ({
  ...base,
  type: 'Takeaway',
  id: id(n),
  categoryId: sectionId * 10 + 1,
  sectionId,
  title: `Takeaway ${n}`,
  archived: false,
  linkedGoalIds: new Set(linkedGoalIds),
  version: 1,
  changedAt: '2026-03-12T09:30:00.000Z',
  changedByUserId: 'owner',
  ...extra,
});

const family: CanvasAccess = {
  kind: 'own',
  membership: { entityId: 5, entityTypeId: EntityType.Family, entityRoleId: EntityRole.Owner, permissions: permissionsForRole(EntityRole.Owner) },
} as CanvasAccess;
const sectionAdvisor: CanvasAccess = sectionAdvisorAccess([shared]);

function contextOf(access: CanvasAccess, snapshot: CanvasSnapshot, userId = 'reader'): CanvasContext {
  return {
    familyId: 5,
    userId,
    access,
    snapshot,
    canSee: (sectionId) => canSeeSection(access, sectionId),
    previousVisitAt: '2026-03-12T09:29:00.000Z',
    actor: () => Promise.reject(new Error('a live view writes nothing')),
    otherCompanyPeople: new Set(),
  };
}

const snapshotOf = (...items: Array<GoalItem | TakeawayItem>) =>
  CanvasSnapshot.fromItems(items.map((item) => ({ PK: 'CANVAS#5', SK: `C#${item.type === 'Goal' ? 'GOAL' : 'TAKEAWAY'}#${item.id}`, ...item })));

function eventOf(
  itemType: HistoryEvent['itemType'],
  action: HistoryEvent['action'],
  itemId: string,
  after: Record<string, unknown> | null,
  before: Record<string, unknown> | null = null,
): HistoryEvent {
  return {
    id: 'mf0000000001aaaaaaaaaa',
    createdDate: '2026-03-12T09:30:00.000Z',
    familyId: 5,
    actor: { userId: 'owner', firstName: 'Ada', lastName: 'Lovelace', entityId: 5, entityName: 'Lovelace', entityTypeId: EntityType.Family },
    action,
    itemType,
    itemId,
    sectionId: shared,
    categoryId: shared * 10 + 1,
    title: 'x',
    batchId: 'mf0000000001aaaaaaaaaa',
    revertsEventId: null,
    before,
    after,
  };
}

describe('a live change for one reader', () => {
  const linkedShared = goal(1, shared, { linkedTakeawayIds: new Set([id(3)]) });
  const linkedHidden = goal(2, hidden, { linkedTakeawayIds: new Set([id(3)]) });
  const created = takeaway(3, shared, [id(1), id(2)]);
  const snapshot = snapshotOf(linkedShared, linkedHidden, created);
  const event = eventOf('takeaway', 'created', created.id, { id: created.id, linkedGoalIds: [id(1), id(2)] });

  it('carries the item and the items whose links it changed, as the canvas read shows them, marked as changed by another', () => {
    const change = liveCanvasChange(contextOf(family, snapshot), event, touchedItems({ snapshot }, event));
    expect(change.reload).toBe(false);
    expect(change.remove).toEqual([]);
    expect(change.upsert.map((view) => [view.kind, view.item.id])).toEqual([
      ['takeaway', id(3)],
      ['goal', id(1)],
      ['goal', id(2)],
    ]);
    const own = change.upsert[0]!;
    expect(own.kind === 'takeaway' && own.item.linkedGoalIds).toEqual([id(1), id(2)]);
    expect(own.kind === 'takeaway' && own.item.changedSinceLastVisit).toBe(true);
    expect(own.kind === 'takeaway' && own.overview).toBe(true);
    expect(own.kind === 'takeaway' && own.linked).toEqual({ id: id(3), categoryId: shared * 10 + 1, title: 'Takeaway 3', isClosed: false });
  });

  it('leaves out, for a section-limited advisor, the item of a hidden section and the link to it', () => {
    const change = liveCanvasChange(contextOf(sectionAdvisor, snapshot), event, touchedItems({ snapshot }, event));
    expect(change.upsert.map((view) => view.item.id)).toEqual([id(3), id(1)]);
    const own = change.upsert[0]!;
    expect(own.kind === 'takeaway' && own.item.linkedGoalIds).toEqual([id(1)]);
    expect(own.kind === 'takeaway' && own.item.linkedGoals.map((linked) => linked.id)).toEqual([id(1)]);
    expect(JSON.stringify(change)).not.toContain(id(2));
    expect(JSON.stringify(change)).not.toContain('Goal 2');
  });

  it('removes a deleted item by id; its link targets come as they are now', () => {
    const after = snapshotOf(goal(1, shared));
    const deleted = eventOf('takeaway', 'deleted', created.id, null, { id: created.id, linkedGoalIds: [id(1)] });
    const change = liveCanvasChange(contextOf(family, after), deleted, touchedItems({ snapshot: after }, deleted));
    expect(change.remove).toEqual([{ kind: 'takeaway', id: id(3) }]);
    expect(change.upsert.map((view) => view.item.id)).toEqual([id(1)]);
  });

  it('does not mark the reader’s own change, and tells the overview to drop an archived takeaway', () => {
    const archived = snapshotOf(takeaway(3, shared, [], { archived: true, changedByUserId: 'reader' }));
    const change = liveCanvasChange(contextOf(family, archived, 'reader'), event, touchedItems({ snapshot: archived }, event));
    const own = change.upsert[0]!;
    expect(own.kind === 'takeaway' && own.item.changedSinceLastVisit).toBe(false);
    expect(own.kind === 'takeaway' && own.overview).toBe(false);
  });

  it('sends the title of a renamed canvas, and asks for a reload after a change that is not one of items', () => {
    const titled = CanvasSnapshot.fromItems([{ PK: 'CANVAS#5', SK: 'C#META', type: 'Canvas', title: 'New title' }]);
    const renamed = eventOf('canvas', 'titleChanged', '5', { title: 'New title' });
    expect(liveCanvasChange(contextOf(family, titled), renamed, touchedItems({ snapshot: titled }, renamed))).toMatchObject({
      title: 'New title',
      reload: false,
    });
    const reset = eventOf('canvas', 'reset', '5', null);
    expect(liveCanvasChange(contextOf(family, titled), reset, touchedItems({ snapshot: titled }, reset))).toEqual({ upsert: [], remove: [], reload: true });
  });
});

describe('a catch-up page’s change for one reader (several events, the canvas as it is now)', () => {
  const sharedGoal = goal(1, shared, { linkedTakeawayIds: new Set([id(3)]) });
  const hiddenGoal = goal(2, hidden, { linkedTakeawayIds: new Set([id(3)]) });
  const linking = takeaway(3, shared, [id(1), id(2)]);
  const snapshot = snapshotOf(sharedGoal, hiddenGoal, linking);
  const events = [
    eventOf('goal', 'created', id(1), { id: id(1) }),
    { ...eventOf('goal', 'created', id(2), { id: id(2) }), sectionId: hidden, categoryId: hidden * 10 + 1 },
    eventOf('takeaway', 'created', id(3), { id: id(3), linkedGoalIds: [id(1), id(2)] }),
    eventOf('takeaway', 'updated', id(3), { id: id(3), linkedGoalIds: [id(1), id(2)] }, { id: id(3), linkedGoalIds: [] }),
    eventOf('goal', 'deleted', id(4), null, { id: id(4), linkedTakeawayIds: [id(3)] }),
  ];

  it('carries every touched item once, as the live change would, and the deleted one to remove', () => {
    const change = canvasChangeOf(contextOf(family, snapshot), events);
    expect(change.reload).toBe(false);
    expect(change.title).toBeUndefined();
    expect(change.upsert.map((view) => view.item.id).sort()).toEqual([id(1), id(2), id(3)]);
    expect(change.remove).toEqual([{ kind: 'goal', id: id(4) }]);
    const own = change.upsert.find((view) => view.item.id === id(3))!;
    expect(own).toEqual(liveCanvasChange(contextOf(family, snapshot), events[3]!, touchedItems({ snapshot }, events[3]!)).upsert[0]);
  });

  it('leaves out, for a section-limited advisor, every item of a hidden section and every link to one', () => {
    // The events of the advisor's page, as functions/domain/journal/get-history.ts picks them.
    const theirs = events.filter((event) => visibleEvent(sectionAdvisor, event) !== null);
    expect(theirs).toHaveLength(events.length - 1);
    const change = canvasChangeOf(contextOf(sectionAdvisor, snapshot), theirs);
    expect(change.upsert.map((view) => view.item.id).sort()).toEqual([id(1), id(3)]);
    const own = change.upsert.find((view) => view.item.id === id(3))!;
    expect(own.kind === 'takeaway' && own.item.linkedGoalIds).toEqual([id(1)]);
    expect(JSON.stringify(change)).not.toContain(id(2));
    expect(JSON.stringify(change)).not.toContain('Goal 2');
  });

  it('removes an item that moved out of the reader’s sight, and asks for a reload when one event is not a change of items', () => {
    const moved = snapshotOf(goal(1, hidden));
    const edited = eventOf('goal', 'updated', id(1), { id: id(1) }, { id: id(1) });
    expect(canvasChangeOf(contextOf(sectionAdvisor, moved), [edited])).toEqual({ upsert: [], remove: [{ kind: 'goal', id: id(1) }], reload: false });
    const titled = CanvasSnapshot.fromItems([{ PK: 'CANVAS#5', SK: 'C#META', type: 'Canvas', title: 'New title' }]);
    const renamed = eventOf('canvas', 'titleChanged', '5', { title: 'New title' });
    const reset = eventOf('canvas', 'reset', '5', null);
    expect(canvasChangeOf(contextOf(family, titled), [renamed])).toEqual({ upsert: [], remove: [], title: 'New title', reload: false });
    expect(canvasChangeOf(contextOf(family, titled), [renamed, reset])).toEqual({ upsert: [], remove: [], title: 'New title', reload: true });
  });
});
