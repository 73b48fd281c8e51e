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
