import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import type { LiveCanvasChange } from '../../../../../shared/contracts/live';
import { configureApiClient } from '../../../lib/api-client';
import { aHistoryEvent as anEvent, at } from '../../../testing/history-events';
import { catchUpMaxPages, catchUpOverlapMs, catchUpPageSize, catchUpSince } from './catch-up';

let restore = () => undefined as void;
afterEach(() => restore());

/** A page's items as the server would send them: here only the ids of its events since `canvasSince`, as removals. */
const canvasOfPage = (results: HistoryEvent[], since: string): LiveCanvasChange => ({
  upsert: [],
  remove: results.filter((event) => event.createdDate >= since).map((event) => ({ kind: 'goal', id: event.itemId })),
  reload: false,
});

/** A history served newest first in pages after the cursor, with `canvas` when asked (canvasSince), as the server does. */
function serveHistory(events: HistoryEvent[]) {
  const newestFirst = [...events].reverse();
  const pages: Array<{ cursor: string; canvasSince: string | null }> = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (!/\/canvas\/history\/7$/.test(url.pathname)) return new Response('{}', { status: 404 });
    const limit = Number(url.searchParams.get('limit'));
    const cursor = url.searchParams.get('cursor');
    const canvasSince = url.searchParams.get('canvasSince');
    pages.push({ cursor: cursor ?? 'first', canvasSince });
    const start = cursor ? newestFirst.findIndex((event) => event.id === cursor) + 1 : 0;
    const results = newestFirst.slice(start, start + limit);
    const next = start + limit < newestFirst.length ? (results.at(-1)?.id ?? null) : null;
    const body = { results, next, ...(canvasSince ? { canvas: canvasOfPage(results, canvasSince) } : {}) };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  restore = configureApiClient({ fetch: fetch as typeof globalThis.fetch });
  return { pages };
}

describe('catching up on a canvas after a reconnect, with the items as the server shapes them', () => {
  it('reads back to a little before the last event seen, returns the events oldest first and the page’s items', async () => {
    const events = Array.from({ length: 20 }, (_, index) => anEvent(index + 1));
    const { pages } = serveHistory(events);
    const caughtUp = await catchUpSince(7, { id: events[14]!.id, createdDate: events[14]!.createdDate });
    const overlapSeconds = catchUpOverlapMs / 1000;
    const expected = events.slice(14 - overlapSeconds);
    expect(caughtUp?.events.map((event) => event.title)).toEqual(expected.map((event) => event.title));
    expect(pages).toEqual([{ cursor: 'first', canvasSince: at(15 - overlapSeconds) }]);
    expect(caughtUp?.changes).toHaveLength(1);
    expect(caughtUp?.changes[0]!.remove.map((gone) => gone.id).sort()).toEqual(expected.map((event) => event.itemId).sort());
  });

  it('gives up (the canvas is read again) when the absence spans more than the page budget', async () => {
    const events = Array.from({ length: catchUpPageSize * catchUpMaxPages + 10 }, (_, index) => anEvent(index + 1, at(0)));
    const { pages } = serveHistory(events);
    expect(await catchUpSince(7, { id: 'mf0000000000aaaaaaaaaa', createdDate: '2026-01-01T00:00:00.000Z' })).toBeNull();
    expect(pages).toHaveLength(catchUpMaxPages);
  });

  it('reads every page of a short history when nothing was seen yet, with each page’s items in the order read', async () => {
    const events = Array.from({ length: catchUpPageSize + 5 }, (_, index) => anEvent(index + 1, at(0)));
    const { pages } = serveHistory(events);
    const caughtUp = await catchUpSince(7, null);
    expect(caughtUp?.events).toEqual(events);
    expect(pages).toHaveLength(2);
    expect(caughtUp?.changes.map((change) => change.remove.length)).toEqual([catchUpPageSize, 5]);
  });
});
