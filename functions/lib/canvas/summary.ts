import { PutCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { HistoryEvent } from '../../../shared/contracts/history';
import type { CanvasMetaItem, CategoryItem, GoalItem, SectionItem, TakeawayItem } from '../db/canvas';
import { queryCanvas } from '../db/canvas';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { CanvasSnapshot } from './snapshot';

/**
 * The dashboard card of a family, kept beside its canvas (issue 15): `C#SUMMARY` in the
 * canvas partition. The advisor dashboard reads it by key (one BatchGet for a whole page)
 * instead of the family's whole canvas, so a page costs the same whatever the canvases hold.
 *
 * It is derived, never edited: `runSteps` builds it from the writer's canvas read with the
 * transaction's journaled changes applied and puts it in the same transaction, on the
 * condition that its `rev` is still the one read (two writes of one family at once: the
 * later is planned again on a fresh read, like a race on one item). Writes that span
 * several transactions (a reset, undoing a reset) or carry no canvas read rebuild it from a
 * fresh Query right after (`refreshCanvasSummary`); a family without one gets it on the
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
  /** The goals the listed takeaways link to (for the card's linkedGoals: id, title, completed). */
  linkedGoals: GoalItem[];
  /** categoryId → its active takeaways ("+N more" on the card). */
  takeawayCounts: Record<string, number>;
  /** The most recently changed content items, newest first, as `<changedAt>|<changedByUserId>|<sectionId>`: "since your last visit". */
  recentChanges: string[];
  /**
   * sectionId → its latest change and the latest by someone else than that one's author, as
   * [at, by, at?, by?]: whether anyone but the reader changed a section since a time, from
   * a few bytes (the "with changes since my last visit" filter reads only this).
   */
  sectionChanges: Record<string, string[]>;
};

/** A card shows the first takeaways of a category and "+N more". */
export const takeawaysPerCategory = 3;
/** "Changes since your last visit" is exact up to this many changed items, a lower bound beyond. */
export const recentChangesKept = 100;

const summarySk = keys.canvasSummary(0).SK;
const setFields = new Set(['voterIds', 'linkedGoalIds', 'linkedTakeawayIds', 'linkedActionPointIds']);
const byCreation = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const bySequence = (a: { sequenceNumber: number }, b: { sequenceNumber: number }) => a.sequenceNumber - b.sequenceNumber;

function withoutKeys<T extends object>(item: T): T {
  const copy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) if (!['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'].includes(field)) copy[field] = value;
  return copy as T;
}

type Content = { answers: Map<string, { sectionId: number; createdAt: string; createdByUserId: string; changedAt?: string; changedByUserId?: string }>; takeaways: Map<string, TakeawayItem>; goals: Map<string, GoalItem>; actionPoints: Map<string, { sectionId: number; createdAt: string; createdByUserId: string; changedAt?: string; changedByUserId?: string }> };

/** The summary of a canvas as the snapshot holds it (without `rev`). */
export function summaryOf(familyId: number, snapshot: CanvasSnapshot, content: Content = snapshot, meta: CanvasMetaItem | undefined = snapshot.meta): Omit<CanvasSummaryItem, 'rev'> {
  const active = [...content.takeaways.values()].filter((takeaway) => takeaway.archived !== true).sort(byCreation);
  const takeawayCounts: Record<string, number> = {};
  const listed: TakeawayItem[] = [];
  for (const takeaway of active) {
    const count = (takeawayCounts[takeaway.categoryId] ?? 0) + 1;
    takeawayCounts[takeaway.categoryId] = count;
    if (count <= takeawaysPerCategory) listed.push(withoutKeys(takeaway));
  }
  const goalIds = new Set(listed.flatMap((takeaway) => [...(takeaway.linkedGoalIds ?? [])]));
  const linkedGoals = [...goalIds].flatMap((id) => {
    const goal = content.goals.get(id);
    return goal ? [withoutKeys(goal)] : [];
  });
  const sorted = [content.answers, content.takeaways, content.goals, content.actionPoints]
    .flatMap((map) => [...map.values()])
    .map((item) => ({ at: item.changedAt ?? item.createdAt, by: item.changedByUserId ?? item.createdByUserId, sectionId: item.sectionId }))
    .sort((a, b) => b.at.localeCompare(a.at));
  const changes = sorted.slice(0, recentChangesKept).map((change) => `${change.at}|${change.by}|${change.sectionId}`);
  const sectionChanges: Record<string, string[]> = {};
  for (const change of sorted) {
    const latest = sectionChanges[change.sectionId];
    if (!latest) sectionChanges[change.sectionId] = [change.at, change.by];
    else if (latest.length === 2 && latest[1] !== change.by) latest.push(change.at, change.by);
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

/** A journaled state back as an item: lists back to sets, empty sets left out. */
function itemOfState(state: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state)) {
    if (setFields.has(field)) {
      if (Array.isArray(value) && value.length) item[field] = new Set(value as string[]);
    } else item[field] = value;
  }
  return item;
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
    if (event.after) map.set(event.itemId, { ...itemOfState(event.after as Record<string, unknown>), changedAt: event.createdDate, changedByUserId: event.actor.userId });
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

function summaryPut(summary: Omit<CanvasSummaryItem, 'rev'>, readRev: number | undefined) {
  const item = { ...keys.canvasSummary(summary.familyId), ...summary, rev: (readRev ?? 0) + 1 };
  return readRev === undefined
    ? { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }
    : { TableName: tableName(), Item: item, ConditionExpression: '#rev = :rev', ExpressionAttributeNames: { '#rev': 'rev' }, ExpressionAttributeValues: { ':rev': readRev } };
}

/**
 * The summary's write for a transaction planned on `snapshot` that journals `events`, or
 * undefined when the card does not change (a vote on an answer does: its change time).
 */
export function summaryWriteOf(familyId: number, snapshot: CanvasSnapshot, events: readonly HistoryEvent[]): TransactWriteItem | undefined {
  const { content, meta } = contentAfter(snapshot, events);
  const next = summaryOf(familyId, snapshot, content, meta);
  const current = snapshot.summary;
  if (current && comparable({ ...current, rev: undefined }) === comparable({ ...next, rev: undefined })) return undefined;
  return { Put: summaryPut(next, current?.rev) };
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
 * Builds the summary again from a fresh Query of the partition and stores it (conditioned
 * on the rev it read; tried again when another write won). For writes that could not carry
 * it in their own transaction, and for families that have none yet. Returns it.
 */
export async function refreshCanvasSummary(familyId: number, records?: ReadonlyArray<Record<string, unknown>>): Promise<CanvasSummaryItem> {
  for (let attempt = 0; ; attempt += 1) {
    const snapshot = CanvasSnapshot.fromItems(records && attempt === 0 ? records : await queryCanvas(familyId));
    const next = summaryOf(familyId, snapshot);
    const current = snapshot.summary;
    if (current && comparable({ ...current, rev: undefined }) === comparable({ ...next, rev: undefined })) return current;
    const put = summaryPut(next, current?.rev);
    try {
      await db().send(new PutCommand(put));
      return put.Item as CanvasSummaryItem;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException' || attempt >= 4) throw error;
    }
  }
}

/** Content items of sections the reader sees that others changed after `since` (exact up to `recentChangesKept`). */
export function changesSince(summary: Pick<CanvasSummaryItem, 'recentChanges'>, since: string, userId: string, canSee: (sectionId: number) => boolean): number {
  let count = 0;
  for (const change of summary.recentChanges ?? []) {
    const [at = '', by, sectionId] = change.split('|');
    if (at <= since) break;
    if (by !== userId && canSee(Number(sectionId))) count += 1;
  }
  return count;
}

/** Whether anyone but the reader changed a section the reader sees after `since`. */
export function hasChangesSince(summary: Pick<CanvasSummaryItem, 'sectionChanges'>, since: string, userId: string, canSee: (sectionId: number) => boolean): boolean {
  return Object.entries(summary.sectionChanges ?? {}).some(([sectionId, [at1 = '', by1, at2 = '']]) => {
    if (!canSee(Number(sectionId))) return false;
    const latestByOthers = by1 !== userId ? at1 : at2;
    return latestByOthers > since;
  });
}
