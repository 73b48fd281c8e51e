import WebSocket from 'ws';
import { resetConfigForTests } from '../functions/lib/config';
import { resetDbClientForTests } from '../functions/lib/db/client';
import { freePort } from '../infra/local/ports';
import { startLocalStack } from '../infra/local/stack';
import { busyPerson } from '../infra/traffic-plan';
import { heartbeatSeconds, LiveServerMessage, livePath, presenceMessagesPerSecond } from '../shared/contracts/live';
import { percentile } from './http-load';
import { seedCanvases, type Canvas } from './load';
import { reported, type Verdict } from './report';

/**
 * The live channel's own line: `sockets` real WebSocket clients (the `ws` package) on `canvases`
 * canvases (shared evenly) for `seconds`, against the local stack with the production limits (the
 * gateway's default; infra/local/live-gateway.ts for the sockets). Each client behaves as the app
 * does for the capacity plan's busy person (infra/traffic-plan.ts busyPerson): after each think
 * time it moves to another page of the canvas (a presence message), or saves (its form opened on
 * a takeaway of that page: presence; a new takeaway written through the HTTP API: the edit; the
 * form closed: presence), or does something that says nothing on the socket (a vote, the history).
 * Presence goes only when it changed, at most presenceMessagesPerSecond (a `presenceTooSoon` is
 * sent again after its wait), and a ping every heartbeatSeconds. Every frame each way is counted
 * per canvas; every edit must reach every other socket of its canvas.
 */
export type LiveSocketsResults = {
  sockets: number;
  canvases: number;
  seconds: number;
  /** Sockets that did not open, or closed before the end. */
  socketsFailed: number;
  edits: number;
  editsFailed: number;
  editP95Ms: number;
  /** Per canvas and second: frames the clients sent through the gateway ($default), and frames it sent them, by type. */
  perCanvasPerSecond: { sent: number; received: number; receivedByType: Record<string, number>; sentByAction: Record<string, number>; edits: number };
  /** Change events the other sockets of a canvas should have had, and those that never came. */
  deliveries: { expected: number; lost: number; p95Ms: number; lostSamples: string[] };
};

/** `LIVE_SOCKETS`, `LIVE_CANVASES` and `LIVE_SECONDS` shorten a run while working on it; the line's figures are 500, 50 and 120. */
export const liveSocketsSettings = {
  sockets: Number(process.env.LIVE_SOCKETS ?? 500),
  canvases: Number(process.env.LIVE_CANVASES ?? 50),
  seconds: Number(process.env.LIVE_SECONDS ?? 120),
};

const presenceGapMs = 1000 / presenceMessagesPerSecond + 100;
const deliveryWaitMs = 60_000;

const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const bump = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

type Place = { categoryId: number | null; editingItemId: string | null };

/** One client: its socket, what it sent and received, and the changes it got (item id → when). */
class Client {
  readonly sentByAction: Record<string, number> = {};
  readonly receivedByType: Record<string, number> = {};
  readonly changes = new Map<string, number>();
  closedEarly = false;
  private said = '';
  private place: Place = { categoryId: null, editingItemId: null };
  private lastPresenceAt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly id: number,
    readonly canvasIndex: number,
    readonly cookie: string,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data) => {
      const message = LiveServerMessage.parse(JSON.parse(String(data)));
      bump(this.receivedByType, message.type);
      if (message.type === 'change') this.changes.set(message.event.itemId, performance.now());
      // Not taken: the latest place goes again after the server's wait, as the app does (web/src/features/live/hooks/use-live.tsx).
      if (message.type === 'presenceTooSoon') {
        clearTimeout(this.retry);
        this.said = '';
        this.retry = setTimeout(() => void this.say(this.place), message.retryInMs + 100);
      }
    });
    socket.on('close', () => (this.closedEarly = true));
  }

  static open(url: string, origin: string, cookie: string, id: number, canvasIndex: number): Promise<Client | undefined> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { headers: { cookie }, origin });
      socket.once('open', () => resolve(new Client(id, canvasIndex, cookie, socket)));
      socket.once('error', () => resolve(undefined));
      socket.once('unexpected-response', () => resolve(undefined));
    });
  }

  send(message: { action: string } & Record<string, unknown>) {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify(message));
    bump(this.sentByAction, message.action);
  }

  /** Presence, only when it changed, spaced as the server takes it. */
  async say(place: Place): Promise<void> {
    this.place = place;
    const message = { action: 'presence', sectionId: null, ...place, state: 'active' };
    if (JSON.stringify(message) === this.said) return;
    await pause(this.lastPresenceAt + presenceGapMs - performance.now());
    if (this.place !== place) return;
    this.said = JSON.stringify(message);
    this.lastPresenceAt = performance.now();
    this.send(message);
  }

  close() {
    clearTimeout(this.retry);
    this.socket.removeAllListeners('close');
    this.socket.close();
  }
}

export async function measureLiveSockets(progress: (message: string) => void, settings = liveSocketsSettings): Promise<LiveSocketsResults> {
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const [api, dynamodb, ses] = [...ports] as [number, number, number];
  const origin = 'http://localhost:5173';
  const forgetEnvironment = () => {
    resetDbClientForTests();
    resetConfigForTests();
  };
  const stack = await startLocalStack({ ports: { api, dynamodb, ses }, appUrl: origin, tableName: 'family-canvas-live-sockets' });
  forgetEnvironment();
  const clients: Client[] = [];
  try {
    progress(`live sockets: seeding ${settings.canvases} canvases and ${settings.sockets} people`);
    const { canvases, cookies } = await seedCanvases(settings.canvases, settings.sockets);
    const url = (canvas: Canvas) => `${stack.apiUrl.replace(/^http/, 'ws')}${livePath}?familyId=${canvas.familyId}`;

    progress(`live sockets: opening ${settings.sockets} sockets`);
    let socketsFailed = 0;
    // Twenty handshakes at a time: people arrive, not all in one millisecond.
    for (let first = 0; first < settings.sockets; first += 20) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(20, settings.sockets - first) }, (_, offset) => {
          const n = first + offset;
          const canvasIndex = n % settings.canvases;
          const cookie = cookies[canvasIndex]?.[Math.floor(n / settings.canvases)] as string;
          return Client.open(url(canvases[canvasIndex] as Canvas), origin, cookie, n, canvasIndex);
        }),
      );
      for (const client of opened) {
        if (client) clients.push(client);
        else socketsFailed += 1;
      }
    }
    // Where each starts: the overview, as the app says on opening (the answer is the list).
    await Promise.all(clients.map((client) => client.say({ categoryId: null, editingItemId: null })));

    progress(`live sockets: ${clients.length} sockets on ${settings.canvases} canvases for ${settings.seconds} s`);
    const edits: Array<{ canvasIndex: number; by: number; itemId: string; at: number }> = [];
    const editMs: number[] = [];
    let editsFailed = 0;
    const takeaways = canvases.map(() => [] as Array<{ id: string; categoryId: number }>);
    const started = performance.now();
    const until = started + settings.seconds * 1000;
    const { actions, thinkSeconds } = busyPerson;
    await Promise.all(
      clients.map(async (client) => {
        const canvas = canvases[client.canvasIndex] as Canvas;
        const heartbeat = setInterval(() => client.send({ action: 'ping' }), heartbeatSeconds * 1000);
        let categoryId = pick(canvas.categoryIds);
        try {
          await pause(between(0, thinkSeconds.max) * 1000);
          while (performance.now() < until) {
            const roll = Math.random();
            if (roll < actions.readPage) {
              categoryId = pick(canvas.categoryIds.filter((id) => id !== categoryId));
              await client.say({ categoryId, editingItemId: null });
            } else if (roll < actions.readPage + actions.save) {
              const open = takeaways[client.canvasIndex]?.find((takeaway) => takeaway.categoryId === categoryId);
              await client.say({ categoryId, editingItemId: open?.id ?? null });
              const at = performance.now();
              const response = await fetch(`${stack.apiUrl}/api/canvas-takeaway/create/${categoryId}`, {
                method: 'POST',
                headers: { cookie: client.cookie, 'content-type': 'application/json', origin },
                body: JSON.stringify({ title: `Live bench ${client.id}`, categoryId }),
              });
              const body = (await response.json()) as { id?: string };
              const doneAt = performance.now();
              editMs.push(doneAt - at);
              if (response.status === 201 && body.id) {
                edits.push({ canvasIndex: client.canvasIndex, by: client.id, itemId: body.id, at: doneAt });
                takeaways[client.canvasIndex]?.push({ id: body.id, categoryId });
              } else editsFailed += 1;
              await client.say({ categoryId, editingItemId: null });
            }
            await pause(Math.min(between(thinkSeconds.min, thinkSeconds.max) * 1000, until - performance.now()));
          }
        } finally {
          clearInterval(heartbeat);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    progress('live sockets: waiting for every change to reach every socket of its canvas');
    await stack.streams.settled();
    const expected = edits.flatMap((edit) =>
      clients.filter((client) => client.canvasIndex === edit.canvasIndex && client.id !== edit.by).map((client) => ({ edit, client })),
    );
    const deadline = Date.now() + deliveryWaitMs;
    while (expected.some(({ edit, client }) => !client.changes.has(edit.itemId)) && Date.now() < deadline) await pause(250);
    const latencies = expected.flatMap(({ edit, client }) => {
      const at = client.changes.get(edit.itemId);
      return at === undefined ? [] : [Math.max(0, at - edit.at)];
    });

    const missed = expected.filter(({ edit, client }) => !client.changes.has(edit.itemId));
    const lostSamples = [...new Set(missed.map(({ edit }) => edit))].slice(0, 5).map((edit) => {
      const by = missed.filter((miss) => miss.edit === edit).map((miss) => miss.client.id);
      return `item ${edit.itemId} on canvas ${edit.canvasIndex}: ${by.length} sockets missed it (sockets ${by.join(', ')})`;
    });
    const sum = (pick: (client: Client) => Record<string, number>) => {
      const total: Record<string, number> = {};
      for (const client of clients) for (const [key, count] of Object.entries(pick(client))) total[key] = (total[key] ?? 0) + count;
      return total;
    };
    const perCanvas = (count: number) => count / settings.canvases / seconds;
    const sentByAction = sum((client) => client.sentByAction);
    const receivedByType = sum((client) => client.receivedByType);
    const total = (tally: Record<string, number>) => Object.values(tally).reduce((a, b) => a + b, 0);
    return {
      sockets: settings.sockets,
      canvases: settings.canvases,
      seconds,
      socketsFailed: socketsFailed + clients.filter((client) => client.closedEarly).length,
      edits: edits.length,
      editsFailed,
      editP95Ms: percentile(editMs, 95),
      perCanvasPerSecond: {
        sent: perCanvas(total(sentByAction)),
        received: perCanvas(total(receivedByType)),
        sentByAction: Object.fromEntries(Object.entries(sentByAction).map(([key, count]) => [key, perCanvas(count)])),
        receivedByType: Object.fromEntries(Object.entries(receivedByType).map(([key, count]) => [key, perCanvas(count)])),
        edits: perCanvas(edits.length),
      },
      deliveries: { expected: expected.length, lost: missed.length, p95Ms: percentile(latencies, 95), lostSamples },
    };
  } finally {
    for (const client of clients) client.close();
    await stack.stop().catch(() => undefined);
    forgetEnvironment();
  }
}

const rate = (value: number) => value.toFixed(2);

export function formatLiveSockets(results: LiveSocketsResults | { error: string }): string[] {
  if ('error' in results) return [`Live sockets: FAILED — ${results.error}`];
  const { perCanvasPerSecond: per } = results;
  const byKey = (tally: Record<string, number>) =>
    Object.entries(tally)
      .map(([key, value]) => `${key} ${rate(value)}`)
      .join(', ');
  return [
    `Live sockets: ${results.sockets} sockets on ${results.canvases} canvases for ${results.seconds.toFixed(0)} s (${results.edits} edits, ${results.editsFailed} failed, p95 ${results.editP95Ms.toFixed(0)} ms)`,
    `  per canvas and second through the gateway: sent ${rate(per.sent)} (${byKey(per.sentByAction)}), received ${rate(per.received)} (${byKey(per.receivedByType)}); edits ${rate(per.edits)}`,
    `  changes to the other sockets of a canvas: ${results.deliveries.expected} expected, ${results.deliveries.lost} lost, p95 ${results.deliveries.p95Ms.toFixed(0)} ms after the write's answer`,
    ...results.deliveries.lostSamples.map((sample) => `  lost: ${sample}`),
  ];
}

export function liveSocketsVerdicts(results: LiveSocketsResults | { error: string }): Verdict[] {
  const who =
    'error' in results
      ? `${liveSocketsSettings.sockets} sockets on ${liveSocketsSettings.canvases} canvases`
      : `${results.sockets} sockets on ${results.canvases} canvases`;
  if ('error' in results) return [{ ok: false, line: `live: ${who}: not measured (${results.error})` }];
  return [
    {
      ok: results.deliveries.lost === 0 && results.socketsFailed === 0 && results.editsFailed === 0 && results.deliveries.expected > 0,
      line: `live: ${who}, no message lost: ${results.deliveries.lost} of ${results.deliveries.expected} lost, ${results.socketsFailed} sockets failed, ${results.editsFailed} edits failed`,
    },
    reported(
      `live: each canvas costs ${rate(results.perCanvasPerSecond.sent + results.perCanvasPerSecond.received)} messages/s through the gateway (${rate(results.perCanvasPerSecond.sent)} sent, ${rate(results.perCanvasPerSecond.received)} received)`,
    ),
  ];
}
