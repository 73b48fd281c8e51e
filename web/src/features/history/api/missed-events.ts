import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { listHistory } from './list-history';

/** A catch-up reads at most this many pages of this size; a longer absence reads the canvas again instead. */
export const catchUpPageSize = 100;
export const catchUpMaxPages = 3;
/**
 * Two people's simultaneous writes may reach the live channel a few milliseconds out of
 * the order of their ids (shared/contracts/live.ts): a catch-up reads this far back before
 * the last event seen, and the caller skips what it has applied already.
 */
export const catchUpOverlapMs = 5_000;

/** Where a canvas's history stood: the last event seen (or the newest one when the canvas was read). */
export type HistoryMark = Pick<HistoryEvent, 'id' | 'createdDate'>;

/**
 * The changes of a canvas since `since` (null: since the very beginning), oldest first,
 * from the history (GET /api/canvas/history/{familyId}, newest first, paged by cursor),
 * reaching `catchUpOverlapMs` before it. Null when that takes more than `catchUpMaxPages`
 * pages: the caller reads the canvas again instead.
 */
export async function missedEventsSince(familyId: number, since: HistoryMark | null): Promise<HistoryEvent[] | null> {
  const cutoff = since === null ? null : new Date(Date.parse(since.createdDate) - catchUpOverlapMs).toISOString();
  const missed: HistoryEvent[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < catchUpMaxPages; page += 1) {
    const { results, next } = await listHistory({ familyId, limit: catchUpPageSize, cursor });
    for (const event of results) {
      if (cutoff !== null && event.createdDate < cutoff) return missed.reverse();
      missed.push(event);
    }
    if (next === null) return missed.reverse();
    cursor = next;
  }
  return null;
}

/** The newest event of a canvas (null for a canvas without history): where a later catch-up starts. */
export async function newestHistoryMark(familyId: number): Promise<HistoryMark | null> {
  const { results } = await listHistory({ familyId, limit: 1 });
  const newest = results[0];
  return newest ? { id: newest.id, createdDate: newest.createdDate } : null;
}
