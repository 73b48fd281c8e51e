import { afterAll, expect } from 'vitest';
import WebSocket from 'ws';
import type { HistoryEvent } from '../../shared/contracts/history';
import { LiveServerMessage, livePath } from '../../shared/contracts/live';
import type { ApiClient, IntegrationStack } from './integration';

/**
 * A real WebSocket client (the `ws` package) on the local gateway's `/ws`, acting as the
 * app's page: the app's Origin and the user's session cookie. It records every message
 * and checks each against the contract.
 */
export const appOrigin = 'http://localhost:5173';

export class LiveSocket {
  readonly messages: LiveServerMessage[] = [];
  /** Receive time of each message (performance.now()), same order as messages. */
  readonly receivedAt: number[] = [];
  readonly closed: Promise<{ code: number }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const parsed = LiveServerMessage.parse(JSON.parse(String(data)));
      this.messages.push(parsed);
      this.receivedAt.push(performance.now());
      for (const waiter of this.waiters.splice(0)) waiter();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code) => {
        for (const waiter of this.waiters.splice(0)) waiter();
        resolve({ code });
      }),
    );
  }

  /** Opens a socket; rejects with the HTTP status when the handshake is refused. */
  static open(stack: IntegrationStack, client: ApiClient | null, options: { familyId?: number | string; origin?: string | null } = {}): Promise<LiveSocket> {
    const url = `${stack.apiUrl.replace(/^http/, 'ws')}${livePath}${options.familyId !== undefined ? `?familyId=${options.familyId}` : ''}`;
    const headers: Record<string, string> = {};
    const cookie = client?.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const origin = options.origin === undefined ? appOrigin : options.origin;
    const socket = new WebSocket(url, { headers, ...(origin ? { origin } : {}) });
    const live = new LiveSocket(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(live));
      socket.once('unexpected-response', (_request, response) => {
        reject(Object.assign(new Error(`handshake refused: ${response.statusCode}`), { status: response.statusCode }));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): Promise<{ code: number }> {
    this.socket.close();
    return this.closed;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** The history events received so far. */
  changes(): HistoryEvent[] {
    return this.messages.flatMap((message) => (message.type === 'change' ? [message.event] : []));
  }

  /** Waits until a message matching `predicate` has arrived (at or after index `from`). */
  async waitFor<T extends LiveServerMessage>(
    predicate: (message: LiveServerMessage) => message is T,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<T>;
  async waitFor(predicate: (message: LiveServerMessage) => boolean, options?: { timeoutMs?: number; from?: number }): Promise<LiveServerMessage>;
  async waitFor(predicate: (message: LiveServerMessage) => boolean, options: { timeoutMs?: number; from?: number } = {}): Promise<LiveServerMessage> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.messages.slice(options.from ?? 0).find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${options.timeoutMs ?? 10_000} ms; got ${JSON.stringify(this.messages.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until `count` change events have arrived. */
  async waitForChanges(count: number, timeoutMs = 5000): Promise<HistoryEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.changes().length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} change events, got ${this.changes().length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.changes();
  }
}

/** The HTTP status a refused handshake answered (fails when the handshake succeeds). */
export async function refusedHandshake(
  stack: IntegrationStack,
  client: ApiClient | null,
  options: Parameters<typeof LiveSocket.open>[2] = {},
): Promise<number> {
  try {
    const socket = await LiveSocket.open(stack, client, options);
    await socket.close();
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
  expect.fail('the handshake was accepted');
}

/**
 * The messages `socket` got before a mark: `makeMark` makes one more change the socket may see
 * and answers its item id; this waits until that change arrives. The local stream poller
 * (infra/local/stream-poller.ts) hands the sender batches in commit order and the sender
 * delivers one canvas's events in order, so once the mark is in, every earlier change was
 * delivered or dropped: asserting that nothing (more) arrived needs no fixed wait.
 */
export async function messagesBeforeMark(socket: LiveSocket, makeMark: () => Promise<string>): Promise<LiveServerMessage[]> {
  const markId = await makeMark();
  const mark = await socket.waitFor((message) => message.type === 'change' && message.event.itemId === markId, { timeoutMs: 30_000 });
  return socket.messages.slice(0, socket.messages.indexOf(mark));
}

/** A mark for messagesBeforeMark: a new takeaway in `categoryId`, made by `client`; answers its id. */
export async function takeawayMark(client: ApiClient, categoryId: number): Promise<string> {
  const created = await client.call<'createTakeaway', { id: string }>('createTakeaway', { params: { categoryId }, body: { title: 'Mark', categoryId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** The change events among `messages`. */
export const changesIn = (messages: LiveServerMessage[]): HistoryEvent[] => messages.flatMap((message) => (message.type === 'change' ? [message.event] : []));

/**
 * Waits until the gateway has handled every message `socket` sent so far: it handles one
 * socket's messages in order (infra/local/live-gateway.ts), so the answer to a ping sent last
 * comes after everything the earlier messages caused.
 */
export async function afterSentMessagesHandled(socket: LiveSocket): Promise<void> {
  const from = socket.messages.length;
  socket.send({ action: 'ping' });
  await socket.waitFor((message) => message.type === 'pong', { from, timeoutMs: 30_000 });
}

/**
 * Opens sockets for a test file and closes whichever are still open after it:
 * `const open = liveSocketsOf(stack)` at the top of the file, then `await open(client, familyId?)`.
 */
export function liveSocketsOf(stack: IntegrationStack): (client: ApiClient, familyId?: number) => Promise<LiveSocket> {
  const sockets: LiveSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => (socket.isOpen ? socket.close() : undefined)));
  });
  return async (client, familyId) => {
    const socket = await LiveSocket.open(stack, client, { familyId });
    sockets.push(socket);
    return socket;
  };
}
