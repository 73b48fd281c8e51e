import type { HistoryEvent } from '../../shared/contracts/history';
import type { CanvasMetaItem, CategoryItem, GoalItem, SectionItem, TakeawayItem } from './items';
import { keys } from '../lib/db/keys';
import { itemIsNew, type Condition, type Write, attributeIs } from '../lib/db/table';
import { linkFields } from '../../shared/canvas-links';

/**
 * The dashboard card of a family, kept beside its canvas (docs/product/dashboard.md#how-it-scales): `C#SUMMARY` in the
 * canvas partition. The advisor dashboard reads it by key (one BatchGet for a whole page)
 * instead of the family's whole canvas, so a page costs the same whatever the canvases hold.
 *
 * It is derived, never edited, and written by no canvas write: the journal's stream rebuilds
 * it after each batch of changes (`refreshSummariesAfter`, refresh-summaries.ts, called by the live
 * sender) from a fresh Query, on the condition that its `rev` is still the one read (two
 * rebuilds at once: the later reads again). So writers of one canvas share no item in their
 * transactions (DynamoDB cancels transactions that touch an item another is writing), and the
 * dashboard shows a write a moment after it. Creating a canvas writes it with the template; a
 * family without one gets it on the first dashboard read. Being in the `C#` prefix it comes with every canvas Query (a few KB:
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
  /**
   * The newest journal event (`H#<id>`) the card was rebuilt after, absent on a card written
   * before any rebuild: a canvas whose newest event is later has changes the card may lack
   * (the cards job repairs it, ./repair-summaries.ts).
   */
  throughEventId?: string;
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
/** What a summary is built from: a canvas snapshot (CanvasSnapshot, functions/domain/canvas/context.ts), which holds all of it. */
export type SummarySource = Content & {
  meta: CanvasMetaItem | undefined;
  sections: ReadonlyMap<number, SectionItem>;
  categories: ReadonlyMap<number, CategoryItem>;
  summary: CanvasSummaryItem | undefined;
};

/** The summary of a canvas as the snapshot holds it (without `rev`). */
export function summaryOf(
  familyId: number,
  snapshot: SummarySource,
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

/** Sets as sorted lists and fields in name order: two summaries compare equal when their JSON does. */
function comparable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Set) return [...(inner as Set<string>)].sort();
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return inner;
  });
}

/** The summary's writes name their condition: another write of the family won (plan again). */
export const summaryCondition = 'summaryUnchanged';

/** The rev read is still the stored one. */
const revIs = (rev: number): Condition => attributeIs('rev', rev);

function summaryPut(summary: Omit<CanvasSummaryItem, 'rev'>, readRev: number | undefined) {
  const item = summaryRecordOf(summary, (readRev ?? 0) + 1);
  return { put: item, condition: readRev === undefined ? itemIsNew : revIs(readRev), name: summaryCondition } satisfies Write<typeof summaryCondition>;
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
 * functions/domain/canvas/refresh-summaries.ts): the put, conditioned on the rev it read, and the
 * summary it stores, with `changed` when what the card holds differs (not only its
 * `throughEventId`); or the stored one when it already matches.
 */
export function summaryRebuildOf(
  familyId: number,
  snapshot: SummarySource,
  events: readonly HistoryEvent[] = [],
  through?: string,
): { current: CanvasSummaryItem } | { put: Write<typeof summaryCondition>; summary: CanvasSummaryItem; changed: boolean } {
  const current = snapshot.summary;
  const next: Omit<CanvasSummaryItem, 'rev'> = summaryOf(familyId, snapshot);
  next.sectionChanges = withEarlierMarks(next.sectionChanges, current?.sectionChanges, events);
  const newest = [through, current?.throughEventId]
    .filter((id): id is string => Boolean(id))
    .sort()
    .at(-1);
  if (newest) next.throughEventId = newest;
  const held = (summary: object) => comparable({ ...summary, rev: undefined, throughEventId: undefined });
  const changed = !current || held(withoutKeys(current)) !== held(next);
  if (!changed && current.throughEventId === next.throughEventId) return { current };
  // A rebuild replaces the change marks too: it read the whole partition.
  const put = summaryPut(next, current?.rev);
  return { put, summary: summaryFromRecord(put.put), changed };
}

/**
 * A section's writers as the items show them, plus what the items no longer show: the
 * stored marks and the events' (a deleted item leaves no item behind, but its writer changed
 * the section). The later time of each writer; only sections the canvas still has.
 * Idempotent, so a stream batch delivered twice changes nothing.
 */
function withEarlierMarks(
  fromItems: CanvasSummaryItem['sectionChanges'],
  stored: CanvasSummaryItem['sectionChanges'] | undefined,
  events: readonly HistoryEvent[],
): CanvasSummaryItem['sectionChanges'] {
  const merged: CanvasSummaryItem['sectionChanges'] = {};
  const mark = (sectionId: string, userId: string, at: string) => {
    const section = merged[sectionId];
    if (section && !(section[userId] && section[userId] >= at)) section[userId] = at;
  };
  for (const [sectionId, writers] of Object.entries(fromItems)) merged[sectionId] = { ...writers };
  for (const [sectionId, writers] of Object.entries(stored ?? {})) for (const [userId, at] of Object.entries(writers)) mark(sectionId, userId, at);
  for (const event of events)
    if (event.itemType in contentMaps && event.sectionId !== null) mark(String(event.sectionId), event.actor.userId, event.createdDate);
  return merged;
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
 * single entries of them.
 */
export type CanvasSummaryRecord = Omit<CanvasSummaryItem, CardField> & { PK: string; SK: string; card: string };

export const cardFields = ['sections', 'categories', 'takeaways', 'linkedGoals'] as const;
type CardField = (typeof cardFields)[number];
type Card = Pick<CanvasSummaryItem, CardField>;

/** Stored sets (votes, links) as sorted lists, and back (the fields that are sets on items). */
const setFields = new Set<string>(['voterIds', ...linkFields]);
const setsAsLists = (_key: string, value: unknown) => (value instanceof Set ? [...(value as Set<string>)].sort() : value);
/**
 * An item of the card with its set fields as sets again. The card is parsed without a reviver:
 * JSON.parse calling one for every value took 1.35 ms for a 1,000-entry family's card against
 * 0.03 ms without (Node 20), a dashboard page parses ten; the set fields are fields of the
 * items themselves, so one pass over the four lists finds them all.
 */
function withSets<T>(item: T): T {
  const record = item as Record<string, unknown>;
  let restored: Record<string, unknown> | undefined;
  for (const field of setFields) {
    const value = record[field];
    if (Array.isArray(value)) {
      restored ??= { ...record };
      restored[field] = new Set(value as string[]);
    }
  }
  return (restored ?? record) as T;
}

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
  const parsed = (typeof card === 'string' ? JSON.parse(card) : {}) as Partial<Card>;
  return {
    ...(rest as Omit<CanvasSummaryItem, CardField>),
    sections: (parsed.sections ?? []).map(withSets) as SectionItem[],
    categories: (parsed.categories ?? []).map(withSets) as CategoryItem[],
    takeaways: (parsed.takeaways ?? []).map(withSets) as TakeawayItem[],
    linkedGoals: (parsed.linkedGoals ?? []).map(withSets) as GoalItem[],
  };
}
