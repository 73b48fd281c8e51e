import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSocket, FakeSocket } from '../testing/fake-socket';
import { reconnectDelay } from './backoff';
import { LiveConnection, liveUrl, type LiveStatus } from './connection';

function connect() {
  const statuses: LiveStatus[] = [];
  const opens: boolean[] = [];
  const messages: unknown[] = [];
  const connection = new LiveConnection(
    'ws://app/ws?familyId=7',
    { onStatus: (status) => statuses.push(status), onOpen: (isReconnect) => opens.push(isReconnect), onMessage: (message) => messages.push(message) },
    { createSocket: createFakeSocket, random: () => 1 },
  );
  connection.start();
  return { connection, statuses, opens, messages };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('the live connection', () => {
  it('uses the app’s own origin, wss under https', () => {
    expect(liveUrl(7, { protocol: 'https:', host: 'app.example' })).toBe('wss://app.example/ws?familyId=7');
    expect(liveUrl(7, { protocol: 'http:', host: '127.0.0.1:5173' })).toBe('ws://127.0.0.1:5173/ws?familyId=7');
  });

  it('reconnects after a drop with growing delays, and reports the reconnect once open', () => {
    const { statuses, opens } = connect();
    FakeSocket.latest().open();
    expect(opens).toEqual([false]);
    FakeSocket.latest().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // The second attempt fails too: the next wait is twice as long.
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.latest().open();
    expect(opens).toEqual([false, true]);
    expect(statuses.at(-1)).toBe('open');
    // Once open again, the backoff starts over.
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('comes back after the server’s 2-hour limit, not after a sign-out or removed access', () => {
    const expired = connect();
    FakeSocket.latest().open();
    FakeSocket.latest().receive({ type: 'closed', reason: 'expired' });
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    expired.connection.stop();

    FakeSocket.all = [];
    const removed = connect();
    FakeSocket.latest().open();
    FakeSocket.latest().receive({ type: 'closed', reason: 'accessRemoved' });
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(removed.statuses.at(-1)).toBe('stopped');
    expect(removed.messages).toEqual([{ type: 'closed', reason: 'accessRemoved' }]);
  });

  it('ignores malformed messages and stops for good when stopped', () => {
    const { connection, messages } = connect();
    FakeSocket.latest().open();
    FakeSocket.latest().onmessage?.({ data: 'not json' });
    FakeSocket.latest().onmessage?.({ data: '{"type":"nonsense"}' });
    expect(messages).toEqual([]);
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('the reconnect delay', () => {
  it('doubles up to 30 s with half of it random', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
    expect(reconnectDelay(3, () => 0)).toBe(4_000);
  });

  it('says "reconnecting" as soon as the browser goes offline, and reconnects at once when it is back, as a reconnect', () => {
    const network = new EventTarget();
    const statuses: LiveStatus[] = [];
    const opens: boolean[] = [];
    const connection = new LiveConnection(
      'ws://app/ws?familyId=7',
      { onStatus: (status) => statuses.push(status), onOpen: (isReconnect) => opens.push(isReconnect), onMessage: () => undefined },
      { createSocket: createFakeSocket, random: () => 1, network },
    );
    connection.start();
    const first = FakeSocket.latest();
    first.open();
    network.dispatchEvent(new Event('offline'));
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(first.readyState).toBe(WebSocket.CLOSED);
    // Tries while offline fail and wait longer each time.
    vi.advanceTimersByTime(1_000);
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1_000);
    const beforeOnline = FakeSocket.all.length;
    network.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(beforeOnline + 1);
    FakeSocket.latest().open();
    expect(opens).toEqual([false, true]);
    expect(statuses.at(-1)).toBe('open');
    connection.stop();
    network.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(beforeOnline + 1);
  });
});
