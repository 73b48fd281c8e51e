import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { queryCanvas } from '../functions/records/items';
import { localRoundTripsHeader } from '../infra/local/gateway';
import { db, roundTripCount, tableName } from '../functions/lib/db/client';
import { keys } from '../functions/lib/db/keys';
import { hashPassword } from '../tests/support/accounts';
import type { Seeded } from './seed';

/**
 * HTTP measurements against the local gateway, whose handlers run in this process:
 * - latency under a bounded load: autocannon, 4 connections, at most 200 requests and at
 *   most 10 s per endpoint, p50/p95 from every response's own time. Write endpoints vary
 *   path, body and session per request with autocannon's setupRequest (each request a new
 *   question or answer, so none collides with the one-per-user rules);
 * - DynamoDB round trips of a request sent alone (two of them, so a varying cost shows):
 *   the process-wide counter of functions/lib/db/client.ts read before and after, once
 *   the handlers went quiet (a load stopped by its time limit leaves requests in flight);
 * - the floor: one GetItem to DynamoDB Local from this process.
 */

export const loadSettings = { connections: 4, maxRequests: 200, maxSeconds: 10, growthSamples: 30, querySamples: 15 } as const;
const floorSamples = 200;

export type RequestSpec = { method: 'GET' | 'POST' | 'DELETE'; path: string; headers: Record<string, string>; body?: string };
export type LoadResult = { requests: number; errors: number; statuses: Record<string, number>; p50: number; p95: number; seconds: number };
type Counted = { status: number; roundTrips: number; bytes: number; text: string };
/** roundTrips: the counts of two requests sent alone (equal unless the cost varies). */
export type EndpointResult = { name: string; note: string; roundTrips: number[]; load: LoadResult | null; missing?: string };
export type GrowthResult = {
  items: number;
  /** GET /api/canvas, p50 of sequential requests. */
  p50: number;
  /** Of which the canvas Query alone, from this process (p50). */
  queryP50: number;
  kilobytes: number;
  canvasRoundTrips: number[];
  categoryRoundTrips: number[];
};
/** GET /api/canvas of the largest measured canvas as it goes over the wire: without Accept-Encoding, with gzip, with br (KB). */
export type CompressedCanvas = { items: number; plainKilobytes: number; gzipKilobytes: number; brKilobytes: number };
export type HttpResults = {
  floor: { p50: number; p95: number; samples: number };
  endpoints: EndpointResult[];
  growth: GrowthResult[];
  compressed?: CompressedCanvas;
};

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** Bounded load: at most `maxRequests` requests and `maxSeconds`, `connections` at a time; `next` gives each request. */
export function runLoad(
  apiUrl: string,
  next: (context: Record<string, unknown>) => RequestSpec,
  options: { amount?: number; onStatus?: (status: number, context: Record<string, unknown>) => void } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: apiUrl,
        connections: loadSettings.connections,
        amount: Math.max(loadSettings.connections, Math.min(options.amount ?? loadSettings.maxRequests, loadSettings.maxRequests)),
        timeout: loadSettings.maxSeconds,
        requests: [
          {
            setupRequest: (request, context) => ({ ...request, ...next(context) }),
            onResponse: (status, _body, context) => options.onStatus?.(status, context),
          },
        ],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        const failed = Object.entries(statuses).reduce((sum, [status, n]) => sum + (status.startsWith('2') ? 0 : n), 0);
        resolve({
          requests: latencies.length,
          errors: failed + result.errors + result.timeouts,
          statuses,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          seconds: result.duration,
        });
      },
    );
    const timer = setTimeout(() => instance.stop(), loadSettings.maxSeconds * 1000);
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/**
 * Waits until the handlers in this process make no more DynamoDB calls for a moment: a load
 * stopped by its time limit leaves requests in flight, which must not be counted against
 * the next request (nor outlive the stack).
 */
export async function quiesce(quietMs = 750, maxMs = 30_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = roundTripCount();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = roundTripCount();
    if (now === last) return;
    last = now;
  }
}

async function send(apiUrl: string, spec: RequestSpec): Promise<{ status: number; text: string; ownRoundTrips: number | undefined }> {
  const response = await fetch(`${apiUrl}${spec.path}`, { method: spec.method, headers: spec.headers, body: spec.body });
  const own = response.headers.get(localRoundTripsHeader);
  return { status: response.status, text: await response.text(), ownRoundTrips: own === null ? undefined : Number(own) };
}

/**
 * The size of an answer as sent, with exactly this Accept-Encoding (none: no header). fetch
 * would decode the body (and asks for gzip itself), so this uses node:http.
 */
async function wireKilobytes(apiUrl: string, spec: RequestSpec, acceptEncoding: 'gzip' | 'br' | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { ...spec.headers, 'accept-encoding': acceptEncoding } : spec.headers;
    const request = httpRequest(`${apiUrl}${spec.path}`, { method: spec.method, headers }, (incoming) => {
      let bytes = 0;
      incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
      incoming.on('end', () => {
        const encoding = incoming.headers['content-encoding'];
        if (incoming.statusCode !== 200) reject(new Error(`${spec.method} ${spec.path} answered ${incoming.statusCode}`));
        else if ((encoding ?? null) !== acceptEncoding) reject(new Error(`${spec.method} ${spec.path} asked for ${acceptEncoding} came as ${encoding}`));
        else resolve(bytes / 1024);
      });
      incoming.on('error', reject);
    });
    request.on('error', reject);
    request.end(spec.body);
  });
}

/**
 * One request sent alone (after the handlers went quiet), with the DynamoDB round trips it
 * cost: the request's own count as the local gateway tells it (not what the stream's consumer
 * in this process reads meanwhile, after a write), else the process's count around it.
 */
async function counted(apiUrl: string, spec: RequestSpec): Promise<Counted> {
  await quiesce();
  const before = roundTripCount();
  const { status, text, ownRoundTrips } = await send(apiUrl, spec);
  return { status, roundTrips: ownRoundTrips ?? roundTripCount() - before, bytes: Buffer.byteLength(text), text };
}

/** Two requests sent alone, one after the other: both counts are kept, so a variation shows. */
async function countedPair(
  apiUrl: string,
  first: RequestSpec,
  second: RequestSpec,
  expected: (status: number) => boolean,
  what: string,
): Promise<Counted & { roundTripCounts: number[] }> {
  const a = await counted(apiUrl, first);
  if (!expected(a.status)) return { ...a, roundTripCounts: [a.roundTrips] };
  const b = await counted(apiUrl, second);
  if (!expected(b.status)) throw new Error(`${what} answered ${b.status}: ${b.text.slice(0, 200)}`);
  return { ...a, roundTripCounts: [a.roundTrips, b.roundTrips] };
}

async function timed(apiUrl: string, spec: RequestSpec): Promise<number> {
  const started = performance.now();
  const { status } = await send(apiUrl, spec);
  if (status !== 200) throw new Error(`${spec.method} ${spec.path} answered ${status}`);
  return performance.now() - started;
}

/** The floor: GetItem round trips to DynamoDB Local from this process, one after another. */
async function dynamoFloor(): Promise<HttpResults['floor']> {
  const times: number[] = [];
  for (let n = 0; n < floorSamples; n += 1) {
    const started = performance.now();
    await db().send(new GetCommand({ TableName: tableName(), Key: keys.entityCounter() }));
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), samples: floorSamples };
}

/** A fresh session cookie, as the browser gets one: salt, PBKDF2, sign-in. */
export async function sessionCookie(apiUrl: string, email: string, plainPassword: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const salt = (await (await fetch(`${apiUrl}/api/auth/salt`, { method: 'POST', headers: json, body: JSON.stringify({ email }) })).json()) as { salt: string };
  const body = JSON.stringify({ email, password: hashPassword(plainPassword, salt.salt) });
  const response = await fetch(`${apiUrl}/api/auth/signin`, { method: 'POST', headers: json, body });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('fc_session='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return cookie;
}

const get = (path: string, cookie: string): RequestSpec => ({ method: 'GET', path, headers: { cookie } });
const post = (path: string, cookie: string | null, body: unknown = {}): RequestSpec => ({
  method: 'POST',
  path,
  headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const isOk = (status: number) => status >= 200 && status < 300;

/** A read endpoint: one warm-up, two counted requests, then the load. */
async function readEndpoint(apiUrl: string, name: string, note: string, spec: RequestSpec): Promise<EndpointResult> {
  await send(apiUrl, spec);
  const one = await countedPair(apiUrl, spec, spec, isOk, name);
  if (one.status === 404) return { name, note, roundTrips: [], load: null, missing: `404 ${one.text.slice(0, 120)}` };
  if (!isOk(one.status)) throw new Error(`${name} answered ${one.status}: ${one.text.slice(0, 200)}`);
  const load = await runLoad(apiUrl, () => spec);
  await quiesce();
  return { name, note, roundTrips: one.roundTripCounts, load };
}

/**
 * A write endpoint: `slots` are distinct requests, each sent once; the first two are sent
 * alone and counted (the first also loads the handler), the others feed the load.
 */
async function writeEndpoint(
  apiUrl: string,
  name: string,
  note: string,
  slots: RequestSpec[],
  onStatus?: (status: number, spec: RequestSpec) => void,
): Promise<EndpointResult> {
  const [first, second, ...rest] = slots;
  if (!first || !second) throw new Error(`${name}: not enough requests to send`);
  const one = await countedPair(apiUrl, first, second, isOk, name);
  if (!isOk(one.status)) throw new Error(`${name} answered ${one.status}: ${one.text.slice(0, 200)}`);
  onStatus?.(one.status, first);
  onStatus?.(one.status, second);
  let next = 0;
  const load = await runLoad(
    apiUrl,
    (context) => {
      // autocannon prepares one request per connection it never sends at the end; past the
      // last slot it gets the last again (were it sent, it would fail and count as an error).
      const spec = rest[Math.min(next++, rest.length - 1)] as RequestSpec;
      context.spec = spec;
      return spec;
    },
    { amount: rest.length, onStatus: (status, context) => onStatus?.(status, context.spec as RequestSpec) },
  );
  await quiesce();
  return { name, note, roundTrips: one.roundTripCounts, load };
}

export async function measureHttp(apiUrl: string, seeded: Seeded, progress: (message: string) => void = () => undefined): Promise<HttpResults> {
  progress('the DynamoDB floor, then GET /api/canvas growth');
  const floor = await dynamoFloor();

  // Growth: GET /api/canvas and the category at each canvas size, sent one at a time. The
  // sizes take turns, so a passing disturbance of the machine hits them all alike.
  const families = [];
  for (const family of seeded.measured) {
    const cookie = await sessionCookie(apiUrl, family.owner.email, family.owner.plainPassword);
    families.push({
      family,
      canvas: get('/api/canvas', cookie),
      category: get(`/api/canvas/category/${family.categoryId}`, cookie),
      times: [] as number[],
      queryTimes: [] as number[],
    });
  }
  const counts: Array<{ canvas: Counted & { roundTripCounts: number[] }; category: Counted & { roundTripCounts: number[] } }> = [];
  for (const f of families) {
    await send(apiUrl, f.canvas);
    const canvas = await countedPair(apiUrl, f.canvas, f.canvas, (status) => status === 200, `GET /api/canvas (${f.family.items} items)`);
    const category = await countedPair(apiUrl, f.category, f.category, (status) => status === 200, `GET /api/canvas/category (${f.family.items} items)`);
    if (canvas.status !== 200 || category.status !== 200)
      throw new Error(`canvas reads of the ${f.family.items}-item family answered ${canvas.status} and ${category.status}`);
    counts.push({ canvas, category });
  }
  for (let n = 0; n < loadSettings.growthSamples; n += 1) {
    for (const f of families) {
      f.times.push(await timed(apiUrl, f.canvas));
      if (n >= loadSettings.querySamples) continue;
      const started = performance.now();
      await queryCanvas(f.family.familyId);
      f.queryTimes.push(performance.now() - started);
    }
  }
  const growth: GrowthResult[] = families.map((f, i) => ({
    items: f.family.items,
    p50: percentile(f.times, 50),
    queryP50: percentile(f.queryTimes, 50),
    kilobytes: (counts[i]?.canvas.bytes ?? Number.NaN) / 1024,
    canvasRoundTrips: counts[i]?.canvas.roundTripCounts ?? [],
    categoryRoundTrips: counts[i]?.category.roundTripCounts ?? [],
  }));

  const largest = families.reduce((a, b) => (b.family.items > a.family.items ? b : a));
  const compressed: CompressedCanvas = {
    items: largest.family.items,
    plainKilobytes: await wireKilobytes(apiUrl, largest.canvas, null),
    gzipKilobytes: await wireKilobytes(apiUrl, largest.canvas, 'gzip'),
    brKilobytes: await wireKilobytes(apiUrl, largest.canvas, 'br'),
  };

  const big = seeded.big.family;
  const owner = await sessionCookie(apiUrl, big.owner.email, big.owner.plainPassword);
  const advisor = await sessionCookie(apiUrl, seeded.advisor.email, seeded.advisor.plainPassword);
  const endpoints: EndpointResult[] = [];
  progress('endpoints under load');
  endpoints.push(await readEndpoint(apiUrl, 'GET /api/canvas', `${big.items} items, family owner`, get('/api/canvas', owner)));
  endpoints.push(await readEndpoint(apiUrl, 'GET /api/canvas/category/{id}', `${big.items}-item canvas`, get(`/api/canvas/category/${big.categoryId}`, owner)));
  endpoints.push(
    await readEndpoint(
      apiUrl,
      'POST /api/work-relation/list-dashboard-families',
      `advisor of ${seeded.dashboardFamilies} families, limit 10`,
      post('/api/work-relation/list-dashboard-families', advisor, { limit: 10, offset: 0 }),
    ),
  );

  // Sign-in: successes only (the throttle counts failures), same account, same browser hash.
  const signinAccount = seeded.measured[0]?.owner ?? big.owner;
  const salt = (JSON.parse((await send(apiUrl, post('/api/auth/salt', null, { email: signinAccount.email }))).text) as { salt: string }).salt;
  const signin = post('/api/auth/signin', null, { email: signinAccount.email, password: hashPassword(signinAccount.plainPassword, salt) });
  endpoints.push(await readEndpoint(apiUrl, 'POST /api/auth/signin', 'success, scrypt N=2^14', signin));

  // Writes on the 1,000-item canvas. Answers: four writers × 60 questions, each slot once.
  // Every writer signs in just now: the two answers counted alone are the first canvas writes of two new sessions.
  const writers = await Promise.all(seeded.big.writers.map((w) => sessionCookie(apiUrl, w.email, w.plainPassword)));
  const answerSlots = seeded.big.questionIds.flatMap((questionId, q) =>
    writers.map((cookie, w) =>
      post(`/api/canvas-answer/create/${questionId}`, cookie, { questionId, text: `Bench answer ${q}.${w}: ${'we plan together '.repeat(8).trim()}` }),
    ),
  );
  endpoints.push(
    await writeEndpoint(
      apiUrl,
      'POST /api/canvas-answer/create/{questionId}',
      `${writers.length} writers, a new question each; counted: 2 sessions' first writes`,
      answerSlots,
    ),
  );

  // Votes: the owner votes on the seeded answers (one each), then takes the same votes back, in a
  // session signed in just now: the first vote counted alone is that session's first canvas write.
  const voter = await sessionCookie(apiUrl, big.owner.email, big.owner.plainPassword);
  const voted: string[] = [];
  const voteSlots = big.answerIds.map((answerId) => post(`/api/canvas-answer/vote/${answerId}`, voter));
  endpoints.push(
    await writeEndpoint(
      apiUrl,
      'POST /api/canvas-answer/vote/{answerId}',
      "a new answer each; counted: a new session's first write, then its second",
      voteSlots,
      (status, spec) => status === 201 && voted.push(spec.path),
    ),
  );
  const unvoteSlots = voted.map((path): RequestSpec => ({ method: 'DELETE', path, headers: { cookie: voter } }));
  endpoints.push(await writeEndpoint(apiUrl, 'DELETE /api/canvas-answer/vote/{answerId}', 'takes back the votes above', unvoteSlots));

  return { floor, endpoints, growth, compressed };
}
