import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ApiError, apiClient, configureApiClient, isApiError, setGlobalErrorHandler, setReauthenticationHandler } from './api-client';

type Call = { url: string; init: RequestInit };

/** A fake fetch that answers with the given responses in turn and records each call. */
function fakeFetch(...responses: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

let restore: () => void = () => undefined;
const onGlobalError = vi.fn();

beforeEach(() => {
  onGlobalError.mockReset();
  setGlobalErrorHandler(onGlobalError);
});
afterEach(() => {
  restore();
  setGlobalErrorHandler(null);
});

function use(...responses: Array<Response | Error>) {
  const fake = fakeFetch(...responses);
  restore = configureApiClient({ fetch: fake.fetch });
  return fake.calls;
}

describe('requests', () => {
  it('GETs under /api with cookies, asking for JSON, without a content type', async () => {
    const calls = use(json(200, { ok: true }));
    await expect(apiClient.get('/user/profile')).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/user/profile');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(calls[0]?.init.headers).toEqual({ accept: 'application/json' });
  });

  it('sends a write as JSON with the JSON content type', async () => {
    const calls = use(json(201, { id: 'm1' }));
    await apiClient.post('/contact-form', { subject: 'Hello' });
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"subject":"Hello"}' });
    expect(calls[0]?.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('gives a bodiless write the JSON content type too', async () => {
    const calls = use(new Response(null, { status: 204 }));
    await expect(apiClient.delete('/member-invitation/revoke/5')).resolves.toBeUndefined();
    expect(calls[0]?.init).toMatchObject({ method: 'DELETE' });
    expect(calls[0]?.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('builds the query string, skipping empty values and repeating lists', async () => {
    const calls = use(json(200, []));
    await apiClient.get('/member-invitation/list', { query: { orderBy: ['email', '-createdDate'], token: undefined, page: 2 } });
    expect(calls[0]?.url).toBe('/api/member-invitation/list?orderBy=email&orderBy=-createdDate&page=2');
  });
});

describe('responses', () => {
  it('validates and transforms a successful body with the given schema', async () => {
    use(json(200, { id: 'abc', extra: 1 }));
    const schema = z.object({ id: z.string().transform((id) => id.toUpperCase()) });
    await expect(apiClient.get('/thing', { schema })).resolves.toEqual({ id: 'ABC' });
  });

  it('refuses a successful body that does not match the schema', async () => {
    use(json(200, { id: 42 }));
    const error = await failureOf(apiClient.get('/thing', { schema: z.object({ id: z.string() }) }));
    expect(error).toMatchObject({ errorCode: 1, status: 200 });
  });
});

describe('failures', () => {
  it('turns a 400 validation failure into an ApiError with the field errors', async () => {
    use(json(400, { errorCode: 2, errors: { email: ['forms.errorMessages.email'] }, message: 'Validation error.' }));
    const error = await failureOf(apiClient.post('/contact-form', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorCode: 2, status: 400, message: 'Validation error.', errors: { email: ['forms.errorMessages.email'] } });
    expect(error.hasFieldErrors).toBe(true);
  });

  it('treats an errorCode in a 2xx body as a failure', async () => {
    use(json(200, { errorCode: 4, errors: {}, message: 'Item not found.' }));
    const error = await failureOf(apiClient.get('/entities/9'));
    expect(error).toMatchObject({ errorCode: 4, status: 200, message: 'Item not found.' });
  });

  it('gives a failure without a code the catalogue default 500', async () => {
    use(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(apiClient.get('/canvas'));
    expect(error).toMatchObject({ errorCode: 500, status: 502, message: 'Internal server error, try again later.', errors: {} });
  });

  it('survives malformed JSON and odd error shapes', async () => {
    use(
      new Response('{oops', { status: 500, headers: { 'content-type': 'application/json' } }),
      json(400, { errorCode: 6, errors: { name: 'bad', other: 3 } }),
    );
    expect(await failureOf(apiClient.get('/a'))).toMatchObject({ errorCode: 500, status: 500 });
    expect(await failureOf(apiClient.get('/b'))).toMatchObject({ errorCode: 6, errors: { name: ['bad'] }, message: 'Internal server error, try again later.' });
  });

  it('reports an unreachable server as status 0', async () => {
    use(new TypeError('Failed to fetch'));
    const error = await failureOf(apiClient.get('/canvas'));
    expect(error).toMatchObject({ errorCode: 500, status: 0 });
  });

  it('lets an aborted request reject with the AbortError itself', async () => {
    use(new DOMException('aborted', 'AbortError'));
    await expect(apiClient.get('/canvas')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the global handler (docs/product/errors.md#accounts-errors)', () => {
  it('receives session expired (7) and the caller still gets the error', async () => {
    use(json(401, { errorCode: 7, errors: {}, message: 'Session expired.' }));
    const error = await failureOf(apiClient.get('/user/profile'));
    expect(error.errorCode).toBe(7);
    expect(onGlobalError).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('receives e-mail not confirmed (14)', async () => {
    use(json(403, { errorCode: 14, errors: {}, message: 'Email not confirmed.' }));
    await failureOf(apiClient.get('/entities'));
    expect(onGlobalError).toHaveBeenCalledOnce();
    expect(onGlobalError.mock.calls[0]?.[0]).toMatchObject({ errorCode: 14 });
  });

  it('is skipped for codes the caller handles itself', async () => {
    use(json(403, { errorCode: 14, errors: {}, message: 'Email not confirmed.' }));
    await failureOf(apiClient.post('/auth/signin', {}, { handleLocally: [14] }));
    expect(onGlobalError).not.toHaveBeenCalled();
  });

  it('is not called for other failures', async () => {
    use(json(400, { errorCode: 2, errors: {}, message: 'Validation error.' }), json(403, { errorCode: 8, errors: {}, message: 'Forbidden.' }));
    await failureOf(apiClient.get('/a'));
    await failureOf(apiClient.get('/b'));
    expect(onGlobalError).not.toHaveBeenCalled();
  });
});

describe('re-authentication (92)', () => {
  const reauthRequired = () => json(403, { errorCode: 92, errors: {}, message: 'Confirm it is you.' });
  afterEach(() => setReauthenticationHandler(null));

  it('asks the registered handler once and sends the request again when it confirms', async () => {
    const calls = use(reauthRequired(), json(200, { revoked: 2 }));
    const handler = vi.fn(async () => true);
    setReauthenticationHandler(handler);
    await expect(apiClient.post('/user/sessions/revoke-others')).resolves.toEqual({ revoked: 2 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.url)).toEqual(['/api/user/sessions/revoke-others', '/api/user/sessions/revoke-others']);
  });

  it('throws the 92 when the user cancels, and does not loop when the retry answers 92 again', async () => {
    use(reauthRequired());
    setReauthenticationHandler(async () => false);
    expect((await failureOf(apiClient.post('/user/sessions/revoke-others'))).errorCode).toBe(92);
    const calls = use(reauthRequired(), reauthRequired());
    setReauthenticationHandler(async () => true);
    expect((await failureOf(apiClient.post('/user/sessions/revoke-others'))).errorCode).toBe(92);
    expect(calls).toHaveLength(2);
  });

  it('shares one ask between concurrent guarded requests', async () => {
    use(reauthRequired(), reauthRequired(), json(200, {}), json(200, {}));
    let resolveAsk: (ok: boolean) => void = () => undefined;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (resolveAsk = resolve)));
    setReauthenticationHandler(handler);
    const both = Promise.all([apiClient.post('/a'), apiClient.post('/b')]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    resolveAsk(true);
    await expect(both).resolves.toHaveLength(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe("API Gateway's own answers (no errorCode)", () => {
  const gateway = (status: number, message: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json', ...headers } });
  let delays: number[] = [];
  let restoreTiming: () => void = () => undefined;
  beforeEach(() => {
    delays = [];
    restoreTiming = configureApiClient({ wait: async (ms) => void delays.push(ms), random: () => 0.5 });
  });
  afterEach(() => restoreTiming());

  it('reads a throttled write as "Too many attempts" (80), not a system error, and does not send it again', async () => {
    const calls = use(gateway(429, 'Too Many Requests'));
    const error = await failureOf(apiClient.post('/canvas-takeaway/create/1', { title: 'x' }));
    expect(error).toMatchObject({ errorCode: 80, status: 429, message: 'Too many attempts. Try again later.' });
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('gives an unknown route or method the catalogue\'s "not found" (4)', async () => {
    use(gateway(404, 'Not Found'), gateway(405, 'Method Not Allowed'));
    expect(await failureOf(apiClient.get('/no/such/route'))).toMatchObject({ errorCode: 4, status: 404, message: 'Item not found.' });
    expect(await failureOf(apiClient.delete('/canvas'))).toMatchObject({ errorCode: 4, status: 405, message: 'Item not found.' });
  });

  it('gives an oversize body the same answer as the server\'s own bound (6, "Request body too large.")', async () => {
    use(gateway(413, 'Request Entity Too Large'));
    expect(await failureOf(apiClient.post('/contact-form', { text: 'x' }))).toMatchObject({ errorCode: 6, status: 413, message: 'Request body too large.' });
  });

  it("keeps the server's own code and message when the body has one", async () => {
    use(json(429, { errorCode: 80, errors: {}, message: 'Too many sign-in attempts.' }));
    expect(await failureOf(apiClient.post('/auth/login', {}))).toMatchObject({ errorCode: 80, message: 'Too many sign-in attempts.' });
  });

  it('sends a throttled read again with growing, jittered back-off and returns its answer', async () => {
    const calls = use(gateway(429, 'Too Many Requests'), gateway(429, 'Too Many Requests'), json(200, { ok: true }));
    await expect(apiClient.get('/canvas')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    // 500 ms then 1 s, each with a quarter of it again (random 0.5 × up to half).
    expect(delays).toEqual([625, 1250]);
  });

  it("waits for the gateway's Retry-After (seconds or a date) when it sends one", async () => {
    use(
      gateway(429, 'Too Many Requests', { 'retry-after': '3' }),
      gateway(429, 'Too Many Requests', { 'retry-after': new Date(Date.now() + 60_000).toUTCString() }),
    );
    await failureOf(apiClient.get('/canvas'));
    // 3 s (+ jitter); the date a minute away is longer than a page should wait: the caller is told at once.
    expect(delays).toEqual([3750]);
  });

  it('gives up after a few tries and reports "Too many attempts"', async () => {
    const calls = use(...Array.from({ length: 6 }, () => gateway(429, 'Too Many Requests')));
    expect(await failureOf(apiClient.get('/canvas'))).toMatchObject({ errorCode: 80, status: 429 });
    expect(calls).toHaveLength(4);
    expect(delays).toHaveLength(3);
  });
});
