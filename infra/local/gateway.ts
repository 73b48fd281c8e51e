import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, routeManifest, type RouteGroupName } from '../../shared/routes';
import { maxGatewayPayloadBytes, routeThrottles, stageThrottle, type GatewayThrottle } from '../api-limits';
import { acceptFromDistribution, clientAddressOf } from '../../functions/lib/client-address';
import { createLiveGateway, type LiveGateway } from './live-gateway';
import { invokeLocally } from './invocations';
import { countRoundTripsOf } from '../../functions/lib/db/client';
import { apiGatewayEvent } from '../../functions/lib/api-event';

/**
 * The local API gateway: turns each HTTP request into an API Gateway HTTP API (v2)
 * event, invokes the real handler of the route's group (found through the same
 * manifest the CDK api stack uses) and writes the response back. It also serves the live
 * channel (`/ws` and the `@connections` API, infra/local/live-gateway.ts).
 */
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

/** The response header in which the local gateway tells a request's DynamoDB round trips (functions/lib/db/client.ts countRoundTripsOf). */
export const localRoundTripsHeader = 'x-local-round-trips';
const handlerCache = new Map<RouteGroupName, Promise<Handler>>();

function loadHandler(group: RouteGroupName): Promise<Handler> {
  let loaded = handlerCache.get(group);
  if (!loaded) {
    const file = pathToFileURL(path.join(repositoryRoot, routeManifest[group].entry)).href;
    loaded = import(file).then((module: { handler: Handler }) => module.handler);
    handlerCache.set(group, loaded);
  }
  return loaded;
}

/**
 * Loads every route group's handler now instead of at its first request (a cold start here is
 * compiling and importing the group's whole module tree: seconds on a busy machine). The
 * end-to-end setup calls it, so no test's first request to a group pays for it.
 */
export async function loadAllHandlers(): Promise<void> {
  for (const group of Object.keys(routeManifest) as RouteGroupName[]) await loadHandler(group);
}

function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxGatewayPayloadBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function lambdaContext(group: string, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${group}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/**
 * What API Gateway answers by itself, before any handler runs: its own bodies, with no
 * errorCode (the web client maps them to the catalogue, web/src/lib/api-client.ts). An
 * HTTP API matches method and path together, so a wrong method is a missing route too.
 */
const gatewayAnswers = {
  notFound: { status: 404, body: { message: 'Not Found' } },
  tooLarge: { status: 413, body: { message: 'Request Entity Too Large' } },
  throttled: { status: 429, body: { message: 'Too Many Requests' } },
} as const;

function sendGatewayAnswer(response: ServerResponse, answer: (typeof gatewayAnswers)[keyof typeof gatewayAnswers]): void {
  response.writeHead(answer.status, { 'content-type': 'application/json', 'apigw-requestid': randomUUID() });
  response.end(JSON.stringify(answer.body));
}

/**
 * A token bucket as API Gateway keeps one: it holds at most `burstLimit` tokens and is refilled
 * at `rateLimit` a second; a request without a token gets 429.
 */
export function tokenBucket(throttle: GatewayThrottle, now: () => number = () => performance.now()): { take: () => boolean } {
  let tokens = throttle.burstLimit;
  let last = now();
  return {
    take: () => {
      const at = now();
      tokens = Math.min(throttle.burstLimit, tokens + ((at - last) / 1000) * throttle.rateLimit);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * The stage's throttling as API Gateway applies it: the stage's default route settings give
 * every route a bucket of its own, shared by all clients; the routes of `routes` get theirs
 * (infra/api-limits.ts routeThrottles). A path that matches no route shares one bucket.
 */
export function routeBuckets(
  stage: GatewayThrottle,
  routes: Readonly<Record<string, GatewayThrottle>> = {},
  now?: () => number,
): { take: (routeKey: string | undefined) => boolean } {
  const buckets = new Map<string, { take: () => boolean }>();
  return {
    take: (routeKey) => {
      const key = routeKey ?? '';
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = tokenBucket((routeKey && routes[routeKey]) || stage, now)));
      return bucket.take();
    },
  };
}

export type ClientLimit = { readonly limit: number; readonly windowSeconds: number };

/**
 * WAF's rate-based rule as it counts (infra/stacks/waf-stack.ts): each client's requests over
 * the last `windowSeconds`, in one-second slots; a client that sent `limit` or more within the
 * window gets 429 until its rate falls below. Blocked requests count too: a client that keeps
 * flooding stays blocked.
 */
export function perClientWindow(clientLimit: ClientLimit, now: () => number = () => performance.now()): { take: (client: string) => boolean } {
  const windows = new Map<string, { slots: number[]; seconds: number[] }>();
  let lastSweep = 0;
  return {
    take: (client) => {
      const second = Math.floor(now() / 1000);
      // Forget clients that sent nothing within a window, at most once a window.
      if (second - lastSweep >= clientLimit.windowSeconds) {
        lastSweep = second;
        for (const [key, window] of windows) if (Math.max(...window.seconds) <= second - clientLimit.windowSeconds) windows.delete(key);
      }
      let window = windows.get(client);
      if (!window)
        windows.set(
          client,
          (window = { slots: new Array<number>(clientLimit.windowSeconds).fill(0), seconds: new Array<number>(clientLimit.windowSeconds).fill(-Infinity) }),
        );
      const slot = second % clientLimit.windowSeconds;
      if (window.seconds[slot] !== second) {
        window.seconds[slot] = second;
        window.slots[slot] = 0;
      }
      let inWindow = 0;
      for (let n = 0; n < clientLimit.windowSeconds; n += 1)
        if ((window.seconds[n] as number) > second - clientLimit.windowSeconds) inWindow += window.slots[n] as number;
      window.slots[slot] = (window.slots[slot] as number) + 1;
      return inWindow < clientLimit.limit;
    },
  };
}

/**
 * The address a request's per-client limit keys on: the one the handlers' own limits use
 * (functions/lib/client-address.ts clientAddressOf): the viewer address the front door sent
 * with the origin secret, else the socket's.
 */
async function clientAddressOfRequest(request: IncomingMessage): Promise<string> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(',') : value;
  const event = { headers, requestContext: { http: { sourceIp: request.socket.remoteAddress ?? '127.0.0.1' } } };
  await acceptFromDistribution(event);
  return clientAddressOf(event);
}

export function toEvent(request: IncomingMessage, body: Buffer, match: NonNullable<ReturnType<typeof matchRoute>>, requestId: string): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value)
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = query[key] === undefined ? value : `${query[key]},${value}`;
  const isText = body.length === 0 || /json|text/i.test(headers['content-type'] ?? '') || !headers['content-type'];
  return apiGatewayEvent({
    routeKey: `${match.route.method} ${match.route.path}`,
    method: (request.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    ...(cookies ? { cookies } : {}),
    queryStringParameters: query,
    pathParameters: match.pathParameters,
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
    sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
    protocol: `HTTP/${request.httpVersion}`,
    requestId,
  });
}

/** Handles one request; exported so tests can drive the gateway without a socket if they wish. */
export async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const method = (request.method ?? 'GET').toUpperCase();
  const match = matchRoute(method, url.pathname);
  const body = await readBody(request);
  if (!match) return sendGatewayAnswer(response, gatewayAnswers.notFound);
  if (body === 'too-large') return sendGatewayAnswer(response, gatewayAnswers.tooLarge);
  const requestId = randomUUID();
  try {
    const handler = await loadHandler(match.group);
    // Locally only: the DynamoDB round trips this request made (the budgets' tests and the bench read it).
    const { result, roundTrips } = await countRoundTripsOf(() =>
      invokeLocally(requestId, () => handler(toEvent(request, body, match, requestId), lambdaContext(match.group, requestId))),
    );
    const headers: Record<string, string | string[]> = { [localRoundTripsHeader]: String(roundTrips) };
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    // As API Gateway does: a base64 body (a PDF, or JSON the handler compressed) goes out as
    // its bytes, with the handler's Content-Encoding and Vary, so a client sees here what it
    // sees in the cloud (functions/http/http.ts compresses).
    const payload = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
    response.writeHead(result.statusCode ?? 200, headers);
    response.end(payload);
  } catch (error) {
    // A handler that throws past its own error middleware is a bug; API Gateway would say 500.
    process.stderr.write(`gateway: handler for ${match.group} threw: ${String((error as Error)?.stack ?? error)}\n`);
    sendJson(response, 500, { errorCode: 500, errors: {}, message: 'Internal server error, try again later.' });
  }
}

export type Gateway = {
  url: string;
  port: number;
  /** The live channel's half: open sockets. */
  live: Pick<LiveGateway, 'openCount'>;
  stop: () => Promise<void>;
};

export type GatewayOptions = {
  port: number;
  /**
   * The stage's throttling (infra/api-limits.ts stageThrottle and routeThrottles, as deployed)
   * unless told otherwise: a test may set a smaller bucket, and `false` turns it off (load
   * benchmarks, test files that send more than a stage would take).
   */
  throttle?: GatewayThrottle | false;
  /**
   * The per-client limit WAF applies in the cloud (infra/api-limits.ts perViewerAddressLimit),
   * counted per viewer address. Off unless given: test files send from one address faster
   * than anyone would.
   */
  clientLimit?: ClientLimit | false;
};

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const live = createLiveGateway();
  const throttle = options.throttle === false ? undefined : routeBuckets(options.throttle ?? stageThrottle, options.throttle ? {} : routeThrottles);
  const perClient = options.clientLimit ? perClientWindow(options.clientLimit) : undefined;
  const refuse = (request: IncomingMessage, response: ServerResponse) => {
    // Drain what the client sends, then answer, as the socket stays open for its next request.
    request.resume();
    request.on('end', () => sendGatewayAnswer(response, gatewayAnswers.throttled));
  };
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    // WAF in front of CloudFront first (only /api: its rule's scope), then the stage's route buckets.
    if (perClient && request.url?.startsWith('/api/') && !perClient.take(await clientAddressOfRequest(request))) return refuse(request, response);
    if (throttle) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const match = matchRoute((request.method ?? 'GET').toUpperCase(), url.pathname);
      if (!throttle.take(match ? `${match.route.method} ${match.route.path}` : undefined)) return refuse(request, response);
    }
    await handleRequest(request, response);
  };
  const server = http.createServer((request, response) => {
    if (live.handleManagement(request, response)) return;
    // The @connections API above is another API in the cloud, with limits of its own.
    serve(request, response).catch((error: unknown) => {
      process.stderr.write(`gateway: ${String(error)}\n`);
      if (!response.headersSent) sendJson(response, 500, { errorCode: 500, errors: {}, message: 'Internal server error, try again later.' });
    });
  });
  server.on('upgrade', live.handleUpgrade);
  // Node's default keep-alive of 5 s closes an idle connection while the SDK's keep-alive agent may be reusing it
  // (the live sender's @connections calls then failed with ECONNRESET on a busy machine); the cloud's endpoints
  // keep idle connections longer, so the stand-in does too.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    live,
    stop: async () => {
      await live.stop();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
