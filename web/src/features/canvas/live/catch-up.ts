import type { HistoryEvent } from '../../../../../shared/contracts/history';
import type { LiveCanvasChange } from '../../../../../shared/contracts/live';
import { call } from '../../../lib/api-client';

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

/** What a catch-up brings: the missed events (oldest first) and, per page read, the items they changed as the server shaped them for this reader. */
export type CatchUp = { events: HistoryEvent[]; changes: LiveCanvasChange[] };

/**
 * The changes of a canvas since `since` (null: since the very beginning), reaching
 * `catchUpOverlapMs` before it, from the history (GET /api/canvas/history/{familyId}, newest
 * first, paged by cursor) with `canvasSince`: each page also carries what its events changed
 * on this reader's canvas, as a live `change` carries it (docs/product/live.md#in-the-browser),
 * so the browser applies views by id and builds none. The changes come in the order they were
 * read (a later read is the newer). Null when that takes more than `catchUpMaxPages` pages: the
 * caller reads the canvas again instead.
 */
export async function catchUpSince(familyId: number, since: HistoryMark | null): Promise<CatchUp | null> {
  const cutoff = new Date(since === null ? 0 : Date.parse(since.createdDate) - catchUpOverlapMs).toISOString();
  const missed: HistoryEvent[] = [];
  const changes: LiveCanvasChange[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < catchUpMaxPages; page += 1) {
    const { results, next, canvas } = await call('getHistory', {
      params: { familyId },
      query: { limit: catchUpPageSize, canvasSince: cutoff, ...(cursor === undefined ? {} : { cursor }) },
    });
    if (canvas) changes.push(canvas);
    const reachedCutoff = results.some((event) => event.createdDate < cutoff);
    missed.push(...results.filter((event) => event.createdDate >= cutoff));
    if (reachedCutoff || next === null) return { events: missed.reverse(), changes };
    cursor = next;
  }
  return null;
}
