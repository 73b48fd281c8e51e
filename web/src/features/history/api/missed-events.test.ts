import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { configureApiClient } from '../../../lib/api-client';
import { aHistoryEvent as anEvent } from '../../../testing/history-events';
import { newestHistoryMark } from './missed-events';

let restore = () => undefined as void;
afterEach(() => restore());

/** A history of events, served newest first in pages of the asked size after the cursor, as the server does. */
function serveHistory(events: HistoryEvent[]) {
  const newestFirst = [...events].reverse();
  const pages: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (!/\/canvas\/history\/7$/.test(url.pathname)) return new Response('{}', { status: 404 });
    const limit = Number(url.searchParams.get('limit'));
    const cursor = url.searchParams.get('cursor');
    pages.push(cursor ?? 'first');
    const start = cursor ? newestFirst.findIndex((event) => event.id === cursor) + 1 : 0;
    const results = newestFirst.slice(start, start + limit);
    const next = start + limit < newestFirst.length ? (results.at(-1)?.id ?? null) : null;
    return new Response(JSON.stringify({ results, next }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  restore = configureApiClient({ fetch: fetch as typeof globalThis.fetch });
  return { pages };
}

describe('where a canvas’s history stands', () => {
  it('notes the newest event, or none for a canvas without history', async () => {
    serveHistory([anEvent(1), anEvent(2)]);
    expect(await newestHistoryMark(7)).toEqual({ id: anEvent(2).id, createdDate: anEvent(2).createdDate });
    serveHistory([]);
    expect(await newestHistoryMark(7)).toBeNull();
  });
});
