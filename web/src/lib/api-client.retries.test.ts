import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { apiContract } from '../../../shared/api-contract';
import { ErrorCodes } from '../../../shared/errors';
import { allRoutes, idempotencyKeyHeader } from '../../../shared/routes';
import { call, configureApiClient, isApiError, preloadApiContract, setReauthenticationHandler } from './api-client';
import { saveQueue } from './save-queue';

/**
 * One `Idempotency-Key` per intended write (docs/product/errors.md#retries): chosen when the write
 * is made, sent again by the offline queue and by every retry of the same write, so the server
 * answers a write that did arrive with its first result instead of saving it twice.
 */

const created = { id: 'tk-1' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { method: string; url: string; key: string | null };
let sent: Sent[];
let answers: Array<() => Promise<Response>>;
let online: boolean;
let restore: () => void;

beforeEach(async () => {
  await preloadApiContract();
  sent = [];
  answers = [];
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  restore = configureApiClient({
    isOnline: () => online,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({ method: init?.method ?? 'GET', url: String(input), key: headers.get(idempotencyKeyHeader) });
      const answer = answers.shift();
      return answer ? answer() : Promise.resolve(json(201, created));
    },
  });
});

afterEach(() => {
  restore();
  setReauthenticationHandler(null);
  Reflect.deleteProperty(navigator, 'onLine');
});

const lostAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
const createTakeaway = (title: string) =>
  call('createTakeaway', { params: { categoryId: 7 }, body: { title, categoryId: 7 }, queueWhenOffline: true }).catch((error: unknown) => error);

describe('the Idempotency-Key of a write', () => {
  it('a create made offline waits in the queue with its key; its answer lost while sent, the retry of the same write sends the same key', async () => {
    online = false;
    const queued = createTakeaway('Kindness');
    expect(saveQueue.getState().waiting).toBe(1);
    expect(sent).toHaveLength(0);

    // Back online, the queue sends it; the connection drops before the answer.
    answers.push(lostAnswer);
    online = true;
    window.dispatchEvent(new Event('online'));
    const failure = await queued;
    expect(isApiError(failure) && failure.connection).toBe('unsure');
    const [first] = sent;
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);

    // "Not sure this was saved … retry": the same write again goes with the same key.
    await createTakeaway('Kindness');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(first!.key);

    // Answered now: the same text once more is a new write, with a new key.
    await createTakeaway('Kindness');
    expect(sent[2]!.key).not.toBe(first!.key);
  });

  it('each intended write has its own key; another text after a lost answer is another write', async () => {
    answers.push(lostAnswer);
    await createTakeaway('Patience');
    await createTakeaway('Patience, edited');
    await createTakeaway('Honesty');
    const keys = sent.map((request) => request.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('the send again after "Confirm it is you" (92) carries the same key', async () => {
    setReauthenticationHandler(async () => true);
    answers.push(() => Promise.resolve(json(403, { errorCode: ErrorCodes.REAUTHENTICATION_REQUIRED, errors: {}, message: 'Confirm it is you' })));
    // The answer's shape is not what this test is about: only what was sent.
    await call('addWorkRelationMember', { params: { entityId: 3 }, body: { memberId: 'm-1', workRelationRoleId: 1 } as never }).catch(() => undefined);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('a route that takes no key gets none (an update, a read)', async () => {
    answers.push(() => Promise.resolve(json(200, {})));
    await call('updateTakeaway', { params: { id: 'tk-1' }, body: { title: 'Edited', version: 3 } }).catch(() => undefined);
    answers.push(() => Promise.resolve(json(200, {})));
    await call('getProfile').catch(() => undefined);
    expect(sent.map((request) => request.key)).toEqual([null, null]);
  });

  it('every route that takes a key is a write, and not a public one', () => {
    const keyed = allRoutes().filter((route) => route.takesIdempotencyKey);
    expect(keyed.length).toBeGreaterThan(0);
    for (const route of keyed) {
      expect(route.method, route.name).not.toBe('GET');
      expect(route.isPublic ?? false, route.name).toBe(false);
    }
  });
});

/** Never run: it only has to compile (npm run typecheck), and each marked call must not. */
function updatesWithoutVersionDoNotCompile() {
  // @ts-expect-error an update without the version it started from
  void call('updateTakeaway', { params: { id: 't' }, body: { title: 'x' } });
  // @ts-expect-error the same with no body at all
  void call('updateGoal', { params: { id: 'g' } });
  // @ts-expect-error archiving
  void call('archiveTakeaway', { params: { id: 't' }, body: { archived: true } });
  // @ts-expect-error completing
  void call('completeGoal', { params: { id: 'g' }, body: { completed: true } });
  // @ts-expect-error completing
  void call('completeActionPoint', { params: { id: 'a' }, body: { completed: true } });
  // @ts-expect-error an action point's edit
  void call('updateActionPoint', { params: { id: 'a' }, body: { title: 'x' } });
  // @ts-expect-error an answer's edit
  void call('updateAnswer', { params: { id: 'a' }, body: { text: 'x' } });
  // @ts-expect-error a restore
  void call('restoreVersion', { params: { eventId: 'e' }, body: {} });
}
const checkedAtCompileTime = [
  'updateTakeaway',
  'updateGoal',
  'archiveTakeaway',
  'completeGoal',
  'completeActionPoint',
  'updateActionPoint',
  'updateAnswer',
  'restoreVersion',
];

describe('the version of an update', () => {
  it('every route whose body carries `version` is one the browser must send it to (checked when compiling, above)', () => {
    void updatesWithoutVersionDoNotCompile;
    const versioned = Object.entries(apiContract)
      .filter(([, endpoint]) => {
        const body = (endpoint as { body?: z.ZodType }).body as { shape?: Record<string, unknown> } | undefined;
        return body?.shape !== undefined && 'version' in body.shape;
      })
      .map(([name]) => name);
    expect(versioned.sort()).toEqual([...checkedAtCompileTime].sort());
  });
});
