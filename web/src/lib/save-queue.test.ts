import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../shared/errors';
import { call, configureApiClient, isApiError, preloadApiContract } from './api-client';
import { createSaveQueue, saveQueue, type Network } from './save-queue';

/** A network a test switches by hand. */
function fakeNetwork(online = true) {
  const listeners = new Set<() => void>();
  let isOnline = online;
  const network: Network = {
    isOnline: () => isOnline,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (value: boolean) => {
    isOnline = value;
    for (const listener of listeners) listener();
  };
  return { network, goOffline: () => set(false), goOnline: () => set(true) };
}

/** A promise the test settles by hand, with whether it did. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the save queue', () => {
  it('keeps saves made offline and sends each once, in the order made, when the connection returns', async () => {
    const { network, goOffline, goOnline } = fakeNetwork();
    const queue = createSaveQueue(network);
    goOffline();
    const sent: string[] = [];
    const send = (name: string) => () => {
      sent.push(name);
      return Promise.resolve(`${name} saved`);
    };
    expect(queue.shouldQueue()).toBe(true);
    const answer = queue.enqueue(send('answer'));
    const takeaway = queue.enqueue(send('takeaway'));
    await settle();
    expect(sent).toEqual([]);
    expect(queue.getState()).toEqual({ isOnline: false, waiting: 2, isSending: false });

    goOnline();
    await expect(answer).resolves.toBe('answer saved');
    await expect(takeaway).resolves.toBe('takeaway saved');
    expect(sent).toEqual(['answer', 'takeaway']);
    expect(queue.getState()).toEqual({ isOnline: true, waiting: 0, isSending: false });
    // Another online event sends nothing twice.
    goOffline();
    goOnline();
    await settle();
    expect(sent).toEqual(['answer', 'takeaway']);
    queue.dispose();
  });

  it('hands a refusal to its own save and still sends the next ones', async () => {
    const { network, goOffline, goOnline } = fakeNetwork();
    const queue = createSaveQueue(network);
    goOffline();
    const refused = queue.enqueue(() => Promise.reject(new Error('changed meanwhile')));
    const next = queue.enqueue(() => Promise.resolve('vote saved'));
    goOnline();
    await expect(refused).rejects.toThrow('changed meanwhile');
    await expect(next).resolves.toBe('vote saved');
    queue.dispose();
  });

  it('puts a save made online behind the ones still waiting, and stops sending when the connection drops again', async () => {
    const { network, goOffline, goOnline } = fakeNetwork();
    const queue = createSaveQueue(network);
    goOffline();
    const order: string[] = [];
    const first = deferred<string>();
    void queue.enqueue(() => {
      order.push('first');
      return first.promise;
    });
    void queue.enqueue(() => {
      order.push('second');
      return Promise.resolve('second');
    });
    goOnline();
    await settle();
    expect(order).toEqual(['first']);
    // Online now, but two wait: the new save goes behind them.
    expect(queue.shouldQueue()).toBe(true);
    const third = queue.enqueue(() => {
      order.push('third');
      return Promise.resolve('third');
    });
    goOffline();
    first.resolve('first');
    await settle();
    expect(order).toEqual(['first']);
    expect(queue.getState().waiting).toBe(2);
    goOnline();
    await expect(third).resolves.toBe('third');
    expect(order).toEqual(['first', 'second', 'third']);
    expect(queue.shouldQueue()).toBe(false);
    queue.dispose();
  });
});

describe('the API client and the queue', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('keeps a canvas save made offline until the browser is online, then sends it once; other calls are not kept', async () => {
    await preloadApiContract();
    const vote = { id: 'v-1', userId: 'u-1', takeawayId: 'tk-1', voteCount: 1 };
    const requests: string[] = [];
    let online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    restore = configureApiClient({
      isOnline: () => online,
      fetch: (input, init) => {
        requests.push(`${init?.method} ${String(input)}`);
        if (!online) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response(JSON.stringify(vote), { status: 200, headers: { 'content-type': 'application/json' } }));
      },
    });
    const queued = call('addTakeawayVote', { params: { takeawayId: 'tk-1' }, queueWhenOffline: true });
    const notQueued = call('removeTakeawayVote', { params: { takeawayId: 'tk-2' } }).catch((error: unknown) => error);
    // The one not marked for the queue fails at once, saying it never left.
    const failure = await notQueued;
    expect(isApiError(failure) && failure.connection).toBe('offline');
    expect(requests).toEqual(['DELETE /api/canvas-takeaway/vote/tk-2']);

    online = true;
    window.dispatchEvent(new Event('online'));
    await expect(queued).resolves.toEqual(vote);
    expect(requests.filter((request) => request.startsWith('POST'))).toHaveLength(1);
    expect(saveQueue.getState().waiting).toBe(0);
    Reflect.deleteProperty(navigator, 'onLine');
  });

  it('a write that left online and got no answer is "unsure", never sent again by itself', async () => {
    await preloadApiContract();
    let sent = 0;
    restore = configureApiClient({
      isOnline: () => true,
      fetch: () => {
        sent += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    const failure = await call('addTakeawayVote', { params: { takeawayId: 'tk-1' }, queueWhenOffline: true }).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.connection).toBe('unsure');
    expect(isApiError(failure) && failure.errorCode).toBe(ErrorCodes.INTERNAL_SERVER_ERROR);
    expect(sent).toBe(1);
  });
});
