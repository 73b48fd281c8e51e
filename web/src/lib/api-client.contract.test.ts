import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '../../../shared/errors';

/**
 * The contract table (every route's zod schemas) loads with the first call, not with the
 * first page (docs/architecture.md#budgets): a fresh client, as a logged-out page has it, sends the
 * first call's request at once and checks the answer once the table is there. (The web
 * tests' setup loads the table for every other test; this one takes a fresh module.)
 */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let restore: () => void = () => undefined;
afterEach(() => restore());

async function freshClient(...responses: Response[]) {
  vi.resetModules();
  const client = await import('./api-client');
  const fetch = vi.fn(async () => responses.shift() ?? json(500, {}));
  restore = client.configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return { client, fetch };
}

describe('the first call before the contract has loaded', () => {
  it('sends its request at once, and an answer that does not match the route still fails', async () => {
    const { client, fetch } = await freshClient(json(200, { unexpected: true }));
    const pending = client.call('getProfile');
    expect(fetch).toHaveBeenCalledTimes(1);
    const error = await pending.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(client.isApiError(error) && error.errorCode).toBe(ErrorCodes.SYSTEM_ERROR);
  });

  it('answers what the route sends once the contract is there', async () => {
    const { client, fetch } = await freshClient(new Response(null, { status: 204 }));
    await expect(client.call('signOut')).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
