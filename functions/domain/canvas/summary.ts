import type { HistoryEvent } from '../../../shared/contracts/history';
import type { CanvasMetaItem, CategoryItem, GoalItem, SectionItem, TakeawayItem } from './items';
import { keys } from '../../lib/db/keys';
import { itemExists, itemIsNew, type Condition, type UpdateSpec, type Write } from '../../lib/db/write';
import type { CanvasSnapshot } from './context';
import { itemOfState } from '../journal/journal';
import { linkFields } from '../../../shared/canvas-links';

/**
 * The dashboard card of a family, kept beside its canvas (docs/product/dashboard.md#how-it-scales): `C#SUMMARY` in the
 * canvas partition. The advisor dashboard reads it by key (one BatchGet for a whole page)
 * instead of the family's whole canvas, so a page costs the same whatever the canvases hold.
 *
 * It is derived, never edited: `runSteps` builds it from the writer's canvas read with the
 * transaction's journaled changes applied and puts it in the same transaction, on the
 * condition that its `rev` is still the one read (two writes of one family at once: the
 * later is planned again on a fresh read, like a race on one item). Writes that span
 * several transactions (a reset, undoing a reset) or carry no canvas read rebuild it from a
 * fresh Query right after (`refreshCanvasSummary`, transaction.ts); a family without one gets it on the
 * first dashboard read. Being in the `C#` prefix it comes with every canvas Query (a few KB:
 * bounded, not proportional to the canvas).
 */
export type CanvasSummaryItem = {
  type: 'CanvasSummary';
  familyId: number;
  /** Every write adds 1: the condition that keeps concurrent writers from losing a change. */
  rev: number;
  /** The canvas item, or null for a family without a canvas yet. */
  meta: CanvasMetaItem | null;
  sections: SectionItem[];
  categories: CategoryItem[];
  /** The first active takeaways of each category (oldest first, at most `takeawaysPerCategory`), whole. */
  takeaways: TakeawayItem[];
  /** The goals the listed takeaways link to, only the fields the card's linkedGoals show (id, title, completed, category, section). */
  linkedGoals: GoalItem[];
  /** categoryId → its active takeaways ("+N more" on the card). */
  takeawayCounts: Record<string, number>;
  /**
   * The most recently changed content items (about `recentChangesKept`; a delete takes its
   * item out), compact because every dashboard page reads them: markKey(itemId) →
   * markOf(changedAt, userId, sectionId). "Since your last visit".
   */
  recentChanges: Record<string, string>;
  /**
   * sectionId → userId → when that user last changed something there: whether anyone but
   * the reader changed a section since a time, from a few bytes (the "with changes since my
   * last visit" filter reads only this). Bounded by the family's writers.
   */
  sectionChanges: Record<string, Record<string, string>>;
};

/**
 * A card shows the first takeaway of a category and "+N more". Whole takeaways (votes and
 * all, the wire's shape) weigh about 1 KB each: with 3 a page of 1,000-entry canvases was
 * 2.6× as slow as one of empty canvases; with 1, 1.7× while the card was stored as nested
 * maps and about 1.35× since it is one string (encodeCard below; the docs/product/dashboard.md#budget budget is 1.5×).
 */
export const takeawaysPerCategory = 1;
/** "Changes since your last visit" is exact up to this many changed items, a lower bound beyond. */
export const recentChangesKept = 50;

/**
 * A change mark's key: the item id's last 12 hex digits (48 random bits: no two items of a
 * canvas share them), and its value: the time in epoch ms base 36, the writer's first 8 hex
 * digits (the writers of one family never share them in practice) and the section.
 */
export const markKey = (itemId: string) => itemId.slice(-12);
export const markOf = (at: string, userId: string, sectionId: number | null) => `${Date.parse(at).toString(36)}|${userId.slice(0, 8)}|${sectionId}`;

const summarySk = keys.canvasSummary(0).SK;
const byCreation = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const bySequence = (a: { sequenceNumber: number }, b: { sequenceNumber: number }) => a.sequenceNumber - b.sequenceNumber;

function withoutKeys<T extends object>(item: T): T {
  const copy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) if (!['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'].includes(field)) copy[field] = value;
  return copy as T;
}

type Marked = { id: string; sectionId: number; createdAt: string; createdByUserId: string; changedAt?: string; changedByUserId?: string };
type Content = { answers: Map<string, Marked>; takeaways: Map<string, TakeawayItem>; goals: Map<string, GoalItem>; actionPoints: Map<string, Marked> };

/** The summary of a canvas as the snapshot holds it (without `rev`). */
export function summaryOf(
  familyId: number,
  snapshot: CanvasSnapshot,
  content: Content = snapshot,
  meta: CanvasMetaItem | undefined = snapshot.meta,
): Omit<CanvasSummaryItem, 'rev'> {
  const active = [...content.takeaways.values()].filter((takeaway) => takeaway.archived !== true).sort(byCreation);
  const takeawayCounts: Record<string, number> = {};
  const listed: TakeawayItem[] = [];
  for (const takeaway of active) {
    const count = (takeawayCounts[takeaway.categoryId] ?? 0) + 1;
    takeawayCounts[takeaway.categoryId] = count;
    if (count <= takeawaysPerCategory) listed.push(withoutKeys(takeaway));
  }
  const goalIds = new Set(listed.flatMap((takeaway) => [...(takeaway.linkedGoalIds ?? [])]));
  // Only what a takeaway's linkedGoals show (and the visibility rule needs): id, title, completed, where.
  const linkedGoals = [...goalIds].flatMap((id) => {
    const goal = content.goals.get(id);
    return goal
      ? [{ type: goal.type, id: goal.id, categoryId: goal.categoryId, sectionId: goal.sectionId, title: goal.title, completed: goal.completed } as GoalItem]
      : [];
  });
  const sorted = [content.answers, content.takeaways, content.goals, content.actionPoints]
    .flatMap((map) => [...map.values()])
    .map((item: Marked) => ({ id: item.id, at: item.changedAt ?? item.createdAt, by: item.changedByUserId ?? item.createdByUserId, sectionId: item.sectionId }))
    .sort((a, b) => b.at.localeCompare(a.at));
  const changes: Record<string, string> = {};
  for (const change of sorted.slice(0, recentChangesKept)) changes[markKey(change.id)] = markOf(change.at, change.by, change.sectionId);
  const sectionChanges: Record<string, Record<string, string>> = {};
  for (const section of snapshot.sections.values()) sectionChanges[section.id] = {};
  for (const change of sorted) {
    const bySection = (sectionChanges[change.sectionId] ??= {});
    bySection[change.by] ??= change.at;
  }
  return {
    type: 'CanvasSummary',
    familyId,
    meta: meta ? withoutKeys(meta) : null,
    sections: [...snapshot.sections.values()].map(withoutKeys).sort(bySequence),
    categories: [...snapshot.categories.values()].map(withoutKeys).sort(bySequence),
    takeaways: listed,
    linkedGoals,
    takeawayCounts,
    recentChanges: changes,
    sectionChanges,
  };
}

const contentMaps = { answer: 'answers', takeaway: 'takeaways', goal: 'goals', actionPoint: 'actionPoints' } as const;

/**
 * The content after a transaction's events: each event's `after` (stamped as runSteps
 * stamps it) replaces the item, a delete removes it. A goal's link to a takeaway is
 * written on both sides; the takeaway's side is mirrored here (the card lists its goals).
 */
export function contentAfter(snapshot: CanvasSnapshot, events: readonly HistoryEvent[]): { content: Content; meta: CanvasMetaItem | undefined } {
  const content = {
    answers: new Map(snapshot.answers),
    takeaways: new Map(snapshot.takeaways),
    goals: new Map(snapshot.goals),
    actionPoints: new Map(snapshot.actionPoints),
  } as unknown as Content;
  let meta = snapshot.meta;
  for (const event of events) {
    if (event.itemType === 'canvas' && event.after && typeof (event.after as { title?: unknown }).title === 'string') {
      meta = meta ? { ...meta, title: (event.after as { title: string }).title } : meta;
      continue;
    }
    const mapName = contentMaps[event.itemType as keyof typeof contentMaps];
    if (!mapName) continue;
    const map = content[mapName] as Map<string, unknown>;
    if (event.after)
      map.set(event.itemId, { ...itemOfState(event.after as Record<string, unknown>), changedAt: event.createdDate, changedByUserId: event.actor.userId });
    else map.delete(event.itemId);
    if (event.itemType === 'goal') {
      const linked = (state: unknown) => new Set(((state as { linkedTakeawayIds?: string[] } | null)?.linkedTakeawayIds ?? []) as string[]);
      const before = linked(event.before);
      const after = linked(event.after);
      for (const id of new Set([...before, ...after])) {
        const takeaway = content.takeaways.get(id);
        if (!takeaway) continue;
        const goals = new Set(takeaway.linkedGoalIds ?? []);
        if (after.has(id)) goals.add(event.itemId);
        else goals.delete(event.itemId);
        const { linkedGoalIds: _old, ...rest } = takeaway;
        content.takeaways.set(id, goals.size ? { ...rest, linkedGoalIds: goals } : (rest as TakeawayItem));
      }
    }
  }
  return { content, meta };
}

/** Sets as sorted lists: two summaries compare equal when their JSON does. */
function comparable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Set ? [...(inner as Set<string>)].sort() : inner));
}

/** The summary's writes name their condition: another write of the family won (plan again). */
export const summaryCondition = 'summaryUnchanged';

/** The rev read is still the stored one. */
const revIs = (rev: number): Condition => ({ expression: '#rev = :rev', values: { ':rev': rev } });

function summaryPut(summary: Omit<CanvasSummaryItem, 'rev'>, readRev: number | undefined) {
  const item = summaryRecordOf(summary, (readRev ?? 0) + 1);
  return { put: item, condition: readRev === undefined ? itemIsNew : revIs(readRev), name: summaryCondition } satisfies Write<typeof summaryCondition>;
}

/** What a card shows besides the counts and change marks: replaced whole, on the condition of `rev` (the lists stored as one string, encodeCard below). */
const comparedCardFields = ['meta', 'sections', 'categories', 'takeaways', 'linkedGoals'] as const;

const isActive = (state: unknown) => Boolean(state) && (state as { archived?: boolean }).archived !== true;
const cardOf = (summary: Omit<CanvasSummaryItem, 'rev'>) => comparable(comparedCardFields.map((field) => summary[field]));

/**
 * The summary's write for a transaction planned on `snapshot` that journals `events`, or
 * undefined when nothing on the card changes.
 *
 * The change marks (`recentChanges`, `sectionChanges`) are set per item and per writer and
 * the takeaway counts added to, so writes of different items never undo each other (fifty
 * people answering at once all succeed). The card itself (sections, categories, the first
 * takeaways) is replaced whole only when it changes, on the condition of the `rev` read:
 * two such writes at once, the later is planned again. Without a summary yet, the whole
 * item is put (on its absence). In DynamoDB, transactions on one item at the same moment
 * also cancel each other (TransactionConflict): writes of one family then retry
 * (withCanvasRetry), as writes of one item always did.
 */
export function summaryWriteOf(familyId: number, snapshot: CanvasSnapshot, events: readonly HistoryEvent[]): Write<typeof summaryCondition> | undefined {
  const { content, meta } = contentAfter(snapshot, events);
  const next = summaryOf(familyId, snapshot, content, meta);
  const current = snapshot.summary;
  const knownSections = current?.sectionChanges ?? {};
  const marks = events.filter((event) => event.itemType in contentMaps);
  if (!current || !current.recentChanges || marks.some((event) => event.sectionId === null || !knownSections[event.sectionId])) {
    return summaryPut(next, current?.rev);
  }
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const increment: Record<string, number> = {};
  const touched = new Set<string>();
  for (const event of marks) {
    touched.add(markKey(event.itemId));
    if (event.after) set[`recentChanges.${markKey(event.itemId)}`] = markOf(event.createdDate, event.actor.userId, event.sectionId);
    else remove.push(`recentChanges.${markKey(event.itemId)}`);
  }
  const writers = new Map(marks.map((event) => [`${event.sectionId}|${event.actor.userId}`, event]));
  for (const event of writers.values()) set[`sectionChanges.${event.sectionId}.${event.actor.userId}`] = event.createdDate;
  // Keep about the newest `recentChangesKept`: drop the oldest this writer saw.
  const kept = Object.entries(current.recentChanges).filter(([id]) => !touched.has(id));
  const surplus = kept.length + marks.filter((event) => event.after).length - recentChangesKept;
  if (surplus > 0) {
    const timeOf = (mark: string) => Number.parseInt(mark.split('|')[0] ?? '0', 36);
    kept
      .sort(([, a], [, b]) => timeOf(a) - timeOf(b))
      .slice(0, surplus)
      .forEach(([id]) => remove.push(`recentChanges.${id}`));
  }
  // The active takeaways per category move by what these events did: an addition, which
  // writers of the same category make at once without colliding.
  for (const event of marks) {
    if (event.itemType !== 'takeaway' || event.categoryId === null) continue;
    const delta = Number(isActive(event.after)) - Number(isActive(event.before));
    if (delta) increment[`takeawayCounts.${event.categoryId}`] = (increment[`takeawayCounts.${event.categoryId}`] ?? 0) + delta;
  }
  const cardChanged = cardOf(current) !== cardOf(next);
  if (cardChanged) Object.assign(set, { meta: next.meta, card: encodeCard(next), rev: current.rev + 1 });
  if (!Object.keys(set).length && !remove.length && !Object.keys(increment).length) return undefined;
  const spec: UpdateSpec = { set, remove, increment };
  return { update: keys.canvasSummary(familyId), spec, condition: cardChanged ? revIs(current.rev) : itemExists, name: summaryCondition };
}

/** Whether a change can alter a card: content and the canvas title (shares and advisors' roles do not). */
export function touchesSummary(events: readonly HistoryEvent[]): boolean {
  return events.some((event) => event.itemType in contentMaps || event.itemType === 'canvas');
}

/** The summary item as a record of the canvas Query. */
export function isSummaryRecord(record: Record<string, unknown>): boolean {
  return record.SK === summarySk;
}

/**
 * The rebuild of a summary from a read of the whole partition (refreshCanvasSummary,
 * functions/domain/canvas/transaction.ts): the put, conditioned on the rev it read, and the
 * summary it stores; or the stored one when it already matches.
 */
export function summaryRebuildOf(
  familyId: number,
  snapshot: CanvasSnapshot,
): { current: CanvasSummaryItem } | { put: Write<typeof summaryCondition>; summary: CanvasSummaryItem } {
  const next = summaryOf(familyId, snapshot);
  const current = snapshot.summary;
  if (current && comparable({ ...withoutKeys(current), rev: undefined }) === comparable({ ...next, rev: undefined })) return { current };
  // A rebuild replaces the change marks too: it read the whole partition.
  const put = summaryPut(next, current?.rev);
  return { put, summary: summaryFromRecord(put.put) };
}

/** Content items of sections the reader sees that others changed after `since` (exact up to `recentChangesKept` items). */
export function changesSince(summary: Pick<CanvasSummaryItem, 'recentChanges'>, since: string, userId: string, canSee: (sectionId: number) => boolean): number {
  const after = since ? Date.parse(since) : -1;
  const reader = userId.slice(0, 8);
  let count = 0;
  for (const change of Object.values(summary.recentChanges ?? {})) {
    const [at = '0', by, sectionId] = change.split('|');
    if (Number.parseInt(at, 36) > after && by !== reader && canSee(Number(sectionId))) count += 1;
  }
  return count;
}

/** Whether anyone but the reader changed a section the reader sees after `since`. */
export function hasChangesSince(
  summary: Pick<CanvasSummaryItem, 'sectionChanges'>,
  since: string,
  userId: string,
  canSee: (sectionId: number) => boolean,
): boolean {
  return Object.entries(summary.sectionChanges ?? {}).some(
    ([sectionId, writers]) => canSee(Number(sectionId)) && Object.entries(writers).some(([writer, at]) => writer !== userId && at > since),
  );
}

// ---- how it is stored ----------------------------------------------------------------------

/**
 * How the dashboard summary is stored: the card's lists (sections, categories, the first
 * takeaways and their goals) as one JSON string attribute, `card`, not as nested maps.
 * A page reads ten summaries at once; nested maps cost DynamoDB and the SDK a conversion
 * per value (a 1,000-entry family's card made the page about 1.7× as slow as an empty
 * one's), one string costs a copy. The change marks and counts stay maps: writers update
 * single entries of them at once (summaryWriteOf above).
 */
export type CanvasSummaryRecord = Omit<CanvasSummaryItem, CardField> & { PK: string; SK: string; card: string };

export const cardFields = ['sections', 'categories', 'takeaways', 'linkedGoals'] as const;
type CardField = (typeof cardFields)[number];
type Card = Pick<CanvasSummaryItem, CardField>;

/** Stored sets (votes, links) as sorted lists, and back (the fields that are sets on items). */
const setFields = new Set<string>(['voterIds', ...linkFields]);
const setsAsLists = (_key: string, value: unknown) => (value instanceof Set ? [...(value as Set<string>)].sort() : value);
const listsAsSets = (key: string, value: unknown) => (setFields.has(key) && Array.isArray(value) ? new Set(value as string[]) : value);

/** The card's lists as the stored string. */
export function encodeCard(summary: Card): string {
  const card: Card = { sections: summary.sections, categories: summary.categories, takeaways: summary.takeaways, linkedGoals: summary.linkedGoals };
  return JSON.stringify(card, setsAsLists);
}

/** A summary as the item to put (with its rev). */
export function summaryRecordOf(summary: Omit<CanvasSummaryItem, 'rev'>, rev: number): CanvasSummaryRecord {
  const { sections: _s, categories: _c, takeaways: _t, linkedGoals: _g, ...rest } = summary;
  return { ...keys.canvasSummary(summary.familyId), ...rest, rev, card: encodeCard(summary) };
}

/** A stored summary (a whole item, or a projection with `card`) as the summary the code uses. */
export function summaryFromRecord(record: Record<string, unknown>): CanvasSummaryItem {
  const { card, ...rest } = record as Partial<CanvasSummaryRecord>;
  const parsed = (typeof card === 'string' ? JSON.parse(card, listsAsSets) : {}) as Partial<Card>;
  return {
    ...(rest as Omit<CanvasSummaryItem, CardField>),
    sections: (parsed.sections ?? []) as SectionItem[],
    categories: (parsed.categories ?? []) as CategoryItem[],
    takeaways: (parsed.takeaways ?? []) as TakeawayItem[],
    linkedGoals: (parsed.linkedGoals ?? []) as GoalItem[],
  };
}
