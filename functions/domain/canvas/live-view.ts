import type { HistoryEvent } from '../../../shared/contracts/history';
import type { LiveCanvasChange, LiveItemView } from '../../../shared/contracts/live';
import { linkFields, type LinkField } from '../../../shared/canvas-links';
import type { CanvasContext } from './context';
import type { ActionPointItem, ContentKind, GoalItem, LinkableKind, TakeawayItem } from '../../records/items';
import { toActionPoint, toAnswer, toGoal, toTakeaway } from './views';

/**
 * A canvas change as one reader's canvas shows it (the live channel's `change`,
 * shared/contracts/live.ts LiveCanvasChange): the items a history event changed, built by
 * the same views as GET /canvas and GET /canvas/category (views.ts) from the canvas as it
 * is now, for this reader — an item in a section they may not see is left out, and so is a
 * link to one. The browser only inserts, replaces or removes these by id.
 *
 * The canvas is read after the event was committed, so an item may already be newer than
 * the event (or gone): the reader gets it as it is now; its version tells the browser
 * whether it already has it.
 */

const contentKinds = new Set<string>(['answer', 'takeaway', 'goal', 'actionPoint']);
const isContentKind = (itemType: string): itemType is ContentKind => contentKinds.has(itemType);

/** The kind a link field points at. */
const targetOf: Record<LinkField, LinkableKind> = { linkedGoalIds: 'goal', linkedTakeawayIds: 'takeaway', linkedActionPointIds: 'actionPoint' };

/** Ids an item state (a journal state or a stored item) links to, per kind. */
function linksIn(state: Record<string, unknown> | null | undefined, into: Map<string, LinkableKind>): void {
  if (!state) return;
  for (const field of linkFields) {
    const ids = state[field];
    if (ids instanceof Set || Array.isArray(ids)) for (const id of ids as Iterable<unknown>) if (typeof id === 'string') into.set(id, targetOf[field]);
  }
}

/**
 * The items an event touched, for every reader alike: its own item and every item it links
 * to or linked to (their back-links and versions changed; a takeaway shows its goals'
 * titles). Null when the event is not a change of items.
 */
export function touchedItems(context: Pick<CanvasContext, 'snapshot'>, event: HistoryEvent): Map<string, ContentKind> | null {
  if (!isContentKind(event.itemType)) return null;
  const touched = new Map<string, ContentKind>([[event.itemId, event.itemType]]);
  const linked = new Map<string, LinkableKind>();
  linksIn(event.before, linked);
  linksIn(event.after, linked);
  linksIn(context.snapshot.contentMap(event.itemType).get(event.itemId) as unknown as Record<string, unknown> | undefined, linked);
  for (const [id, kind] of linked) if (!touched.has(id)) touched.set(id, kind);
  return touched;
}

/**
 * Whether a reader may see a linked item (a history change's link lists, journal.ts
 * changesOf): it is on the canvas and in a section visible to them. A link to an item gone
 * since is left out too (its section is no longer known).
 */
export function linkSeenBy(context: Pick<CanvasContext, 'snapshot' | 'canSee'>): (itemId: string) => boolean {
  return (itemId) => {
    for (const kind of ['takeaway', 'goal', 'actionPoint'] as const) {
      const item = context.snapshot.contentMap(kind).get(itemId);
      if (item) return context.canSee(item.sectionId);
    }
    return false;
  };
}

const isClosed = (item: TakeawayItem | GoalItem | ActionPointItem) => (item.type === 'Takeaway' ? item.archived === true : item.completed === true);

/** One item as the reader sees it now, or null when it is gone or hidden from them. */
function viewOf(context: CanvasContext, kind: ContentKind, id: string): LiveItemView | null {
  const item = context.snapshot.contentMap(kind).get(id);
  if (!item || !context.canSee(item.sectionId)) return null;
  if (item.type === 'Answer') return { kind: 'answer', item: toAnswer(context, item) };
  const linked = { id: item.id, categoryId: item.categoryId, title: item.title, isClosed: isClosed(item) };
  if (item.type === 'Takeaway') return { kind: 'takeaway', item: toTakeaway(context, item), linked, overview: item.archived !== true };
  if (item.type === 'Goal') return { kind: 'goal', item: toGoal(context, item), linked, overview: true };
  return { kind: 'actionPoint', item: toActionPoint(context, item), linked, overview: true };
}

/**
 * What `event` changed on this reader's canvas (the reader already may see the event:
 * functions/records/journal-visibility.ts visibleEvent). `touched` comes from touchedItems.
 */
export function liveCanvasChange(context: CanvasContext, event: HistoryEvent, touched: ReadonlyMap<string, ContentKind> | null): LiveCanvasChange {
  if (event.itemType === 'canvas' && (event.action === 'titleChanged' || event.action === 'reverted')) {
    return { upsert: [], remove: [], title: context.snapshot.meta?.title ?? '', reload: false };
  }
  if (!touched) return { upsert: [], remove: [], reload: true };
  const upsert: LiveItemView[] = [];
  const remove: LiveCanvasChange['remove'] = [];
  for (const [id, kind] of touched) {
    const view = viewOf(context, kind, id);
    if (view) upsert.push(view);
    // Gone (the event's own item only: a link target that is gone or hidden is simply not sent).
    else if (id === event.itemId) remove.push({ kind, id });
  }
  return { upsert, remove, reload: false };
}

/**
 * What several events changed on this reader's canvas, as one change (the history's
 * catch-up page, shared/contracts/history.ts `canvasSince`): each event's liveCanvasChange,
 * built from the one snapshot read now and merged by id. The same builder and the same
 * filter as the live `change`, so a reconnect shows what the live channel would have.
 */
export function canvasChangeOf(context: CanvasContext, events: readonly HistoryEvent[]): LiveCanvasChange {
  const upsert = new Map<string, LiveItemView>();
  const remove = new Map<string, LiveCanvasChange['remove'][number]>();
  let title: string | undefined;
  let reload = false;
  for (const event of events) {
    const change = liveCanvasChange(context, event, touchedItems(context, event));
    reload ||= change.reload;
    if (change.title !== undefined) title = change.title;
    for (const view of change.upsert) upsert.set(view.item.id, view);
    for (const gone of change.remove) remove.set(gone.id, gone);
  }
  return { upsert: [...upsert.values()], remove: [...remove.values()], ...(title === undefined ? {} : { title }), reload };
}
