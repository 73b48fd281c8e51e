import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { hashPassword as storedPasswordFor } from '../functions/records/passwords';
import { createCanvas } from '../functions/domain/canvas/create-canvas';
import { resetConfigForTests } from '../functions/lib/config';
import { resetDbClientForTests } from '../functions/lib/db/client';
import { batchPut } from '../functions/lib/db/table';
import { perViewerAddressLimit, stageThrottle } from '../infra/api-limits';
import { freePort } from '../infra/local/ports';
import { startLocalStack } from '../infra/local/stack';
import { startStaticServer } from '../infra/local/static-server';
import { busyPerson, busyPersonRequestsPerSecond } from '../infra/traffic-plan';
import { expandCanvasTemplate } from '../shared/canvas-template';
import { livePath } from '../shared/contracts/live';
import { EntityType } from '../shared/enums';
import { hashPassword, newSalt } from '../tests/support/accounts';
import { canvasContent } from '../tests/support/canvas-content';
import { writerCookie } from './concurrent-writers';
import { percentile } from './http-load';
import { ownedEntity, ownerSession } from './seed';

/**
 * The load line: `people` simulated people on `canvases` canvases (people share them evenly)
 * for `seconds`, every call through the local front door (infra/local/static-server.ts,
 * CloudFront's stand-in, with the origin secret) to a gateway with the production limits: the
 * stage's and the expensive routes' buckets and WAF's limit per viewer address
 * (infra/api-limits.ts). Each person is the busy person of the capacity plan
 * (infra/traffic-plan.ts busyPerson): opens the canvas (its overview, the newest history event,
 * the live socket), then after each think time reads a category page, saves (a takeaway, or an
 * answer to a question of their own), votes on a takeaway someone else wrote (or takes the vote
 * back), or reads the history; with the activity drawer open, every change the socket brings
 * makes them read the history list again, as the app does. Each person has a loopback address
 * of their own (127.0.1.n), so the front door sends their own viewer address, as households
 * behind CloudFront. Beside them one more member of the first family sends the same mix 20
 * times faster from an address of its own: it must meet 429 and nobody else may.
 */
export type LoadResults = {
  people: number;
  canvases: number;
  seconds: number;
  limits: { stage: { rateLimit: number; burstLimit: number }; perViewerAddress: { limit: number; windowSeconds: number } };
  /** The people's requests (the fast client apart). */
  requests: number;
  requestsPerSecond: number;
  /** Requests a second one person sent on average, beside the plan's figure for a busy person. */
  perPersonRequestsPerSecond: number;
  plannedPerPersonRequestsPerSecond: number;
  statuses: Record<string, number>;
  throttled: number;
  /** Answers other than 2xx (429 included) and failed connections. */
  errors: number;
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  byAction: Record<string, { requests: number; p50: number; p95: number }>;
  sockets: { opened: number; failed: number; changesReceived: number };
  fastClient: { requests: number; throttled: number; requestsPerSecond: number; firstThrottledAfterSeconds: number | null };
};

/** `LOAD_SECONDS`, `LOAD_PEOPLE` and `LOAD_CANVASES` shorten a run while working on it; the line's figures are 180, 100 and 20. */
export const loadSettings = {
  seconds: Number(process.env.LOAD_SECONDS ?? 180),
  people: Number(process.env.LOAD_PEOPLE ?? 100),
  canvases: Number(process.env.LOAD_CANVASES ?? 20),
  /** How much faster the fast client acts than a person. */
  fastFactor: 20,
};

type Answer = { status: number; ms: number; body: string };

/** A person's requests, from their own loopback address. */
function clientFor(base: string, localAddress: string, cookie: string) {
  // A connection per request: a kept-alive one idle through a think time may be closed by the server as it is reused.
  const agent = new http.Agent({ keepAlive: false, localAddress });
  const send = (method: string, pathname: string, body?: unknown): Promise<Answer> =>
    new Promise((resolve) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${base}${pathname}`,
        { method, agent, headers: { cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error) }));
        },
      );
      request.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error) }));
      request.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const between = (min: number, max: number) => min + Math.random() * (max - min);

/** Waits `ms`, or less when the run ends first. */
function pause(ms: number, until: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, until - performance.now()))));
}

export type Canvas = { familyId: number; categoryIds: number[]; questionIds: string[]; takeaways: Array<{ id: string; by: number }> };

type Tally = {
  requests: Array<{ action: string; status: number; ms: number }>;
  errorSamples: string[];
  changes: number;
  socketsOpened: number;
  socketsFailed: number;
};

/** `rate`: requests a second sent without waiting for answers (the fast client); null: a person, who waits and thinks. */
type Person = { id: number; address: string; cookie: string; canvas: Canvas; drawerOpen: boolean; rate: number | null };

async function runPerson(person: Person, front: { url: string; origin: string }, until: number, tally: Tally): Promise<void> {
  const client = clientFor(front.url, person.address, person.cookie);
  const { canvas } = person;
  const record = async (action: string, method: string, pathname: string, body?: unknown): Promise<Answer> => {
    const answer = await client.send(method, pathname, body);
    tally.requests.push({ action, status: answer.status, ms: answer.ms });
    if ((answer.status < 200 || answer.status >= 300) && tally.errorSamples.length < 10)
      tally.errorSamples.push(`${method} ${pathname} → ${answer.status} ${answer.body.slice(0, 160)}`);
    return answer;
  };
  const historyPath = `/api/canvas/history/${canvas.familyId}`;
  const answered = new Set<string>();
  const voted = new Set<string>();
  let socket: WebSocket | undefined;
  /** The re-reads changes caused: answered before the person leaves (and the stack stops). */
  const afterChanges: Array<Promise<Answer>> = [];
  try {
    // Opening the canvas: the overview, the newest history event, the socket.
    await record('open canvas', 'GET', '/api/canvas');
    await record('history', 'GET', `${historyPath}?limit=1`);
    if (person.rate === null) {
      socket = await new Promise<WebSocket | undefined>((resolve) => {
        const ws = new WebSocket(`${front.url.replace(/^http/, 'ws')}${livePath}?familyId=${canvas.familyId}`, {
          headers: { cookie: person.cookie },
          origin: front.origin,
          localAddress: person.address,
        });
        ws.once('open', () => resolve(ws));
        ws.once('error', () => resolve(undefined));
        ws.once('unexpected-response', () => resolve(undefined));
      });
      if (socket) tally.socketsOpened += 1;
      else tally.socketsFailed += 1;
      socket?.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type?: string };
        if (message.type !== 'change') return;
        tally.changes += 1;
        // An open activity drawer reads its list again on every change (web/src/app/routes/use-live-canvas-sync.ts).
        if (person.drawerOpen && performance.now() < until) afterChanges.push(record('history after a change', 'GET', `${historyPath}?limit=25`));
      });
    }
    const ping = setInterval(() => socket?.send(JSON.stringify({ action: 'ping' })), busyPerson.socketPingSeconds * 1000);
    try {
      const { actions, thinkSeconds } = busyPerson;
      const act = async (): Promise<void> => {
        const roll = Math.random();
        if (roll < actions.readPage) {
          await record('read a page', 'GET', `/api/canvas/category/${pick(canvas.categoryIds)}`);
        } else if (roll < actions.readPage + actions.save) {
          // Half the saves answer a question of their own (one answer a question each), half write a takeaway.
          const questionId = Math.random() < 0.5 ? canvas.questionIds.find((id) => !answered.has(id)) : undefined;
          if (questionId) {
            answered.add(questionId);
            await record('save', 'POST', `/api/canvas-answer/create/${questionId}`, {
              questionId,
              text: `Load answer by ${person.id}: we plan this together.`,
            });
          } else {
            const categoryId = pick(canvas.categoryIds);
            const answer = await record('save', 'POST', `/api/canvas-takeaway/create/${categoryId}`, { title: `Load takeaway by ${person.id}`, categoryId });
            if (answer.status === 201) canvas.takeaways.push({ id: (JSON.parse(answer.body) as { id: string }).id, by: person.id });
          }
        } else if (roll < actions.readPage + actions.save + actions.vote) {
          const others = canvas.takeaways.filter((takeaway) => takeaway.by !== person.id);
          if (others.length === 0) {
            await record('read a page', 'GET', `/api/canvas/category/${pick(canvas.categoryIds)}`);
            return;
          }
          const { id } = pick(others);
          if (voted.has(id)) {
            voted.delete(id);
            await record('vote', 'DELETE', `/api/canvas-takeaway/vote/${id}`);
          } else {
            voted.add(id);
            await record('vote', 'POST', `/api/canvas-takeaway/vote/${id}`);
          }
        } else {
          await record('history', 'GET', `${historyPath}?limit=25`);
        }
      };
      const inFlight: Array<Promise<void>> = [];
      // The fast client's schedule, by the clock: a late timer does not slow it down.
      let next = performance.now();
      while (performance.now() < until) {
        if (person.rate === null) {
          await pause(between(thinkSeconds.min, thinkSeconds.max) * 1000, until);
          if (performance.now() < until) await act();
        } else {
          inFlight.push(act());
          next += 1000 / person.rate;
          await pause(next - performance.now(), until);
        }
      }
      await Promise.all(inFlight);
      socket?.close();
      await Promise.all(afterChanges);
    } finally {
      clearInterval(ping);
    }
  } finally {
    socket?.close();
    client.close();
  }
}

/** Families with canvases and their people, written through the data modules (no request counts against anyone's limit). */
export async function seedCanvases(canvases: number, people: number): Promise<{ canvases: Canvas[]; cookies: string[][] }> {
  const password = await storedPasswordFor(hashPassword('Bench-Load42', newSalt()), newSalt());
  const seeded: Canvas[] = [];
  const cookies: string[][] = [];
  const perCanvas = Math.ceil(people / canvases);
  for (let c = 0; c < canvases; c += 1) {
    const { entityId, userId } = await ownedEntity(EntityType.Family, `Load Family ${String(c).padStart(2, '0')}`, password);
    await createCanvas(ownerSession(entityId, userId));
    // A lived-in canvas: 30 entries (docs/cost.md's medium family has 100; the reads grow with it).
    await batchPut(canvasContent(entityId, 30).records);
    const template = expandCanvasTemplate(entityId);
    seeded.push({ familyId: entityId, categoryIds: template.categories.map((c) => c.id), questionIds: template.questions.map((q) => q.id), takeaways: [] });
    const members: string[] = [];
    // One more in the first family: the fast client.
    for (let n = 0; n < perCanvas + (c === 0 ? 1 : 0); n += 1) members.push(await writerCookie({ familyId: entityId }, c * 100 + n, password));
    cookies.push(members);
  }
  return { canvases: seeded, cookies };
}

export async function measureLoad(progress: (message: string) => void, settings = loadSettings): Promise<LoadResults> {
  const ports = new Set<number>();
  while (ports.size < 4) ports.add(await freePort());
  const [api, dynamodb, ses, web] = [...ports] as [number, number, number, number];
  const origin = `http://127.0.0.1:${web}`;
  const originSecret = randomBytes(24).toString('hex');
  const root = mkdtempSync(path.join(os.tmpdir(), 'family-canvas-bench-load-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Family Canvas</title>');
  const stops: Array<() => Promise<void>> = [];
  const forgetEnvironment = () => {
    resetDbClientForTests();
    resetConfigForTests();
  };
  try {
    // The production limits: the stage's and routes' buckets (the gateway's default) and WAF's per viewer address.
    const stack = await startLocalStack({
      ports: { api, dynamodb, ses },
      appUrl: origin,
      tableName: 'family-canvas-load',
      originSecret,
      gatewayClientLimit: perViewerAddressLimit,
    });
    forgetEnvironment();
    stops.push(stack.stop);
    const front = await startStaticServer({ root, apiTarget: stack.apiUrl, port: web, host: '127.0.0.1', originSecret });
    stops.push(front.stop);
    progress(`load: seeding ${settings.canvases} canvases and ${settings.people} people`);
    const { canvases, cookies } = await seedCanvases(settings.canvases, settings.people);

    const people: Person[] = [];
    for (let n = 0; n < settings.people; n += 1) {
      const c = n % settings.canvases;
      const cookie = cookies[c]?.[Math.floor(n / settings.canvases)] as string;
      people.push({
        id: n,
        address: `127.0.1.${n + 1}`,
        cookie,
        canvas: canvases[c] as Canvas,
        // The plan's share of each canvas's people (the first ones).
        drawerOpen: Math.floor(n / settings.canvases) < Math.max(1, Math.round(Math.ceil(settings.people / settings.canvases) * busyPerson.drawerOpenShare)),
        rate: null,
      });
    }
    const fast: Person = {
      id: settings.people,
      address: '127.0.2.1',
      cookie: cookies[0]?.at(-1) as string,
      canvas: canvases[0] as Canvas,
      drawerOpen: false,
      // A script: it sends at its rate whether or not the previous answer came.
      rate: settings.fastFactor * busyPersonRequestsPerSecond(Math.ceil(settings.people / settings.canvases)),
    };

    progress(`load: ${settings.people} people for ${settings.seconds} s, and one client ${settings.fastFactor} times faster`);
    const tally: Tally = { requests: [], errorSamples: [], changes: 0, socketsOpened: 0, socketsFailed: 0 };
    const fastTally: Tally = { requests: [], errorSamples: [], changes: 0, socketsOpened: 0, socketsFailed: 0 };
    const started = performance.now();
    const until = started + settings.seconds * 1000;
    // People arrive over the first think time, not all in one millisecond.
    await Promise.all([
      ...people.map(async (person) => {
        await pause(between(0, busyPerson.thinkSeconds.max) * 1000, until);
        await runPerson(person, { url: front.url, origin }, until, tally);
      }),
      runPerson(fast, { url: front.url, origin }, until, fastTally),
    ]);
    const seconds = (performance.now() - started) / 1000;

    const statuses: Record<string, number> = {};
    for (const { status } of tally.requests) statuses[status] = (statuses[status] ?? 0) + 1;
    const times = tally.requests.map((r) => r.ms);
    const byAction: LoadResults['byAction'] = {};
    for (const action of new Set(tally.requests.map((r) => r.action))) {
      const own = tally.requests.filter((r) => r.action === action).map((r) => r.ms);
      byAction[action] = { requests: own.length, p50: percentile(own, 50), p95: percentile(own, 95) };
    }
    const fastThrottled = fastTally.requests.filter((r) => r.status === 429);
    const firstThrottled = fastTally.requests.findIndex((r) => r.status === 429);
    return {
      people: settings.people,
      canvases: settings.canvases,
      seconds,
      limits: { stage: { ...stageThrottle }, perViewerAddress: { ...perViewerAddressLimit } },
      requests: tally.requests.length,
      requestsPerSecond: tally.requests.length / seconds,
      perPersonRequestsPerSecond: tally.requests.length / seconds / settings.people,
      plannedPerPersonRequestsPerSecond: busyPersonRequestsPerSecond(Math.ceil(settings.people / settings.canvases)),
      statuses,
      throttled: statuses['429'] ?? 0,
      errors: tally.requests.filter((r) => r.status < 200 || r.status >= 300).length + tally.socketsFailed,
      errorSamples: tally.errorSamples,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      byAction,
      sockets: { opened: tally.socketsOpened, failed: tally.socketsFailed, changesReceived: tally.changes },
      fastClient: {
        requests: fastTally.requests.length,
        throttled: fastThrottled.length,
        requestsPerSecond: fastTally.requests.length / seconds,
        // Its n-th request at about n / rate seconds.
        firstThrottledAfterSeconds: firstThrottled < 0 ? null : firstThrottled / (fastTally.requests.length / seconds),
      },
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
    delete process.env.ORIGIN_SECRET;
    forgetEnvironment();
  }
}
