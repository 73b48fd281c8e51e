import { vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';

/**
 * A fake server for component tests: answers by "METHOD /path" (without /api and the
 * query) and records every call with its parsed body. Unknown routes answer 404 code 4.
 */

export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeResponse = { status: number; body?: unknown };
type Answer = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

export const ok = (body?: unknown): FakeResponse => ({ status: 200, body });
export const fails = (status: number, errorCode: number, errors: Record<string, string[]> = {}): FakeResponse => ({
  status,
  body: { errorCode, errors, message: `error ${errorCode}` },
});

/** The body of a refused stale write (409, code 71): `details` names the item as it is now and who changed it. */
export const itemChangedBody = (details: Record<string, unknown>) => ({ errorCode: 71, errors: {}, message: 'Someone changed this item meanwhile.', details });

export function fakeApi(routes: Record<string, Answer>) {
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(request);
    const answer = routes[`${request.method} ${request.path}`];
    const response = answer === undefined ? fails(404, 4) : typeof answer === 'function' ? await answer(request) : answer;
    if (response.status === 204 || response.body === undefined) return new Response(null, { status: response.status });
    return new Response(JSON.stringify(response.body), { status: response.status, headers: { 'content-type': 'application/json' } });
  });
  const restore = configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return {
    calls,
    restore,
    /** The calls to one route, e.g. "POST /auth/signin". */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
