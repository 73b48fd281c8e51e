import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { errorCatalogue, type ErrorBody, type FieldErrors } from '../../shared/errors';
import type { Endpoint, GroupContract } from '../../shared/api-contract/endpoint';
import {
  bySpecificity,
  reauthWindowSeconds,
  type RouteDefinition,
  type RouteGroup,
  type RouteGroupName,
  type RouteNamesOf,
  type routeManifest,
} from '../../shared/routes';
import { acceptFromDistribution } from '../lib/client-address';
import { config } from '../lib/config';
import { AppError, fail } from '../lib/errors';
import { refuseDeepJson, refuseIllFormedInput } from '../lib/input/well-formed';
import { countServerError, logger, observed, tracer } from '../lib/observability';
import { flushSessionTouch, isRecentlyAuthenticated, readSessionToken, resolveSession, type Session } from '../domain/sessions/session';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Largest request body accepted, in bytes (the note editor's 1,000 characters fit many times). */
export const maxBodyBytes = 64 * 1024;

/**
 * What a route's handler receives. `S` is the session's type: a route the manifest does
 * not mark public only runs for a valid session (bindRoute), so its handler gets a
 * `Session`; a public route gets `Session | null` (null without a valid cookie).
 */
export type RouteInput<B, P, Q, S extends Session | null = Session | null> = {
  body: B;
  path: P;
  query: Q;
  session: S;
  requestId: string;
  event: ApiEvent;
};

export type RouteOutput = {
  status?: number;
  body?: unknown;
  cookies?: string[];
  /** A download instead of JSON (a CSV, a PDF): sent as it is, named by Content-Disposition. */
  file?: { contentType: string; fileName: string; content: string | Buffer };
};

type Schema = z.ZodType;

/** What a route's function gets for one part of the request: its contract entry's schema's output, `undefined` without one. */
type PartOf<E, K extends 'body' | 'path' | 'query'> = E extends { [P in K]: infer S extends Schema } ? z.output<S> : undefined;

/** The session type the manifest gives a route: `Session` unless it is marked `isPublic: true`. */
export type SessionOf<G extends RouteGroupName, N extends RouteNamesOf<G>> =
  Extract<(typeof routeManifest)[G]['routes'][number], { name: N }> extends { isPublic: true } ? Session | null : Session;

/**
 * A route's function: what it receives is typed from the route's entry `E` in its group's
 * contract (shared/api-contract/<group>.ts: path, body and query, validated from the same
 * entry before it runs) and the session from its manifest entry (shared/routes.ts `isPublic`).
 */
export type RouteFunction<G extends RouteGroupName, N extends RouteNamesOf<G>, E> = (
  input: RouteInput<PartOf<E, 'body'>, PartOf<E, 'path'>, PartOf<E, 'query'>, SessionOf<G, N>>,
) => Promise<RouteOutput & { body?: ResponseBodyOf<E> }>;

/**
 * The body a route may answer: its contract's response schema's input (what the browser
 * parses), anything without one. Read-only arrays and objects fit (reference lists are
 * constants), and so do extra keys where the schema lets them pass (a loose object).
 */
type ResponseBodyOf<E> = E extends { response: infer S extends Schema } ? Answerable<z.input<S>> : unknown;
type Answerable<T> = T extends readonly (infer E)[]
  ? readonly Answerable<E>[]
  : T extends Date
    ? T
    : T extends object
      ? string extends keyof T
        ? { readonly [K in keyof T as string extends K ? never : K]: Answerable<T[K]> }
        : { readonly [K in keyof T]: Answerable<T[K]> }
      : T;

type AnyRouteFunction = (input: RouteInput<unknown, unknown, unknown>) => Promise<RouteOutput>;

/**
 * zod issues → `{field: [message]}` with the spec's field names (dotted for nested ones).
 * Field names come from the client (unknown keys): collected in a Map, so a key such as
 * `__proto__` or `constructor` is a field like any other, not a property of Object.prototype.
 */
export function fieldErrorsFrom(error: z.ZodError, fallbackField: string): FieldErrors {
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...path, key].join('.'), 'forms.errorMessages.unknownField');
      continue;
    }
    add(path.length ? path.join('.') : fallbackField, issue.message);
  }
  return Object.fromEntries(errors);
}

function parseWith(schema: Schema | undefined, value: unknown, part: 'body' | 'path' | 'query'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) {
    // Path and query parameters come from the URL: a bad one is incorrect input, not a form error.
    throw fail(part === 'body' ? 'VALIDATION_ERROR' : 'INCORRECT_INPUT', { errors: fieldErrorsFrom(result.error, part) });
  }
  return result.data;
}

const jsonContentType = /^application\/json\s*(;|$)/i;
const formContentType = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH']);
/** Methods that only read: every other one may change something for the session it carries. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request the app's own page made, or the user typed. */
const ownFetchSites = new Set(['same-origin', 'none']);

type ParsedEvent = ApiEvent & { parsedBody?: unknown };

function header(event: ApiEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * Whether a request comes from the app itself rather than from another site (cross-site
 * request forgery). A browser says so in Sec-Fetch-Site: only `same-origin` or `none` (the
 * user typed it) pass, compared exactly and case-insensitively. Without that header
 * (non-browser clients, older browsers) an Origin header, when there is one, must be the
 * app's own origin (APP_URL) exactly; a client that sends neither is no browser page.
 */
export function isOwnSiteRequest(event: ApiEvent): boolean {
  const fetchSite = header(event, 'sec-fetch-site');
  if (fetchSite !== undefined) return ownFetchSites.has(fetchSite.toLowerCase());
  const origin = header(event, 'origin');
  if (origin === undefined) return true;
  return origin.toLowerCase() === new URL(config().appUrl).origin;
}

/** Refuses a cross-site request (isOwnSiteRequest) with FORBIDDEN (8), before anything is read or written. */
export function requireOwnSiteRequest(event: ApiEvent): void {
  if (!isOwnSiteRequest(event)) throw fail('FORBIDDEN', { message: 'Cross-site request refused.' });
}

/**
 * Every write must come from the app's own site (requireOwnSiteRequest: FORBIDDEN, 8). A
 * body must be JSON (a cross-site form cannot send that content type), at most
 * maxBodyBytes, nest at most maxJsonDepth deep (input/well-formed.ts: else
 * VALIDATION_ERROR, 2) and parse. A write without a body (signout, canvas create, resend link)
 * may leave out the Content-Type, as the spec's client does; an empty body is an empty
 * object.
 */
const jsonBody = (formRoutes: ReadonlySet<string> = new Set()): middy.MiddlewareObj<ParsedEvent, ApiResult> => ({
  before: (request) => {
    const event = request.event;
    const method = event.requestContext.http.method.toUpperCase();
    // A route that takes a form (one-click unsubscribe) reads nothing from it.
    if (formRoutes.has(event.routeKey) && formContentType.test(header(event, 'content-type') ?? '')) {
      requireOwnSiteRequest(event);
      event.parsedBody = {};
      return;
    }
    if (!readMethods.has(method)) requireOwnSiteRequest(event);
    const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    if (Buffer.byteLength(raw, 'utf8') > maxBodyBytes) {
      throw fail('INCORRECT_INPUT', { status: 413, message: 'Request body too large.' });
    }
    if (methodsWithBody.has(method)) {
      const contentType = header(event, 'content-type');
      const isBodilessWithoutType = contentType === undefined && raw === '';
      if (!isBodilessWithoutType && !jsonContentType.test(contentType ?? '')) {
        throw fail('INCORRECT_INPUT', { status: 415, message: 'Content-Type must be application/json.' });
      }
    }
    if (raw.trim() === '') {
      event.parsedBody = {};
    } else {
      // Deeper than any contract: refused (2) before it is parsed or walked.
      refuseDeepJson(raw);
      try {
        event.parsedBody = JSON.parse(raw);
      } catch {
        throw fail('INCORRECT_INPUT', { message: 'Malformed JSON body.' });
      }
    }
    refuseIllFormedInput({ body: event.parsedBody, path: event.pathParameters, query: event.queryStringParameters });
  },
});

export const securityHeaders: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

export function errorResponse(error: AppError): ApiResult {
  const body: ErrorBody = {
    errorCode: error.code,
    errors: error.errors,
    message: error.message,
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
  return { statusCode: error.status, headers: { ...securityHeaders }, body: JSON.stringify(body) };
}

/** The request id of API Gateway, or the Lambda's own. */
function requestIdOf(event: ApiEvent, context: Context | undefined): string {
  return event.requestContext?.requestId ?? context?.awsRequestId ?? 'local';
}

/** A caller's correlation id: short, and only characters that cannot forge a log line. */
const wellFormedCorrelationId = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The id that ties a request's log lines together: the caller's `x-correlation-id` header
 * when it sends a well-formed one (a client, or another service, following one action
 * across requests), otherwise API Gateway's request id. Every line also carries
 * `requestId`, and the response echoes the correlation id in `x-correlation-id`.
 */
export function correlationIdOf(event: ApiEvent, context: Context | undefined): string {
  const sent = header(event, 'x-correlation-id');
  return sent !== undefined && wellFormedCorrelationId.test(sent) ? sent : requestIdOf(event, context);
}

/**
 * Maps anything thrown to a catalogue body. Only AppErrors reach the client as they are;
 * a router miss is 404, everything else a generic 500 whose details go to the log only.
 */
const errorMapping = (): middy.MiddlewareObj<ParsedEvent, ApiResult> => ({
  onError: (request) => {
    const error = request.error;
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if ((error as { statusCode?: number } | null)?.statusCode === 404) {
      appError = fail('ITEM_NOT_FOUND', { message: 'Route does not exist.' });
    } else {
      logger.error('unhandled error', { error });
      appError = fail('INTERNAL_SERVER_ERROR');
    }
    if (appError.status >= 500 && error instanceof AppError) {
      logger.error('server error', { code: appError.code, error });
    }
    request.response = errorResponse(appError);
  },
});

const requestLogging = (group: string): middy.MiddlewareObj<ParsedEvent, ApiResult> => {
  const started = new WeakMap<object, number>();
  const done = (request: middy.Request<ParsedEvent, ApiResult>) => {
    const startedAt = started.get(request.event) ?? Date.now();
    if (request.response) {
      request.response.headers = { ...request.response.headers, 'x-correlation-id': correlationIdOf(request.event, request.context) };
      // A handled server error never fails the invocation, so Lambda's Errors miss it: count it (alarm per group)
      // and mark the handler's subsegment as a fault.
      if ((request.response.statusCode ?? 200) >= 500) {
        countServerError(group);
        tracer.getSegment()?.addFaultFlag();
      }
    }
    logger.info('request', {
      group,
      method: request.event.requestContext.http.method,
      path: request.event.requestContext.http.path,
      status: request.response?.statusCode,
      ms: Date.now() - startedAt,
    });
  };
  return {
    before: (request) => {
      started.set(request.event, Date.now());
      tracer.putAnnotation('group', group);
      tracer.putAnnotation('correlationId', correlationIdOf(request.event, request.context));
      // The route only: the query string and body may carry tokens and user text.
      logger.debug('request received', { group, method: request.event.requestContext.http.method, path: request.event.requestContext.http.path });
    },
    after: done,
    onError: done,
  };
};

/**
 * Only our CloudFront distribution may call the API (it adds the origin secret): a direct call
 * to the execute-api host would bypass the WAF, the CSP and the rate rule. Refused with
 * FORBIDDEN (8) before the body, the session or anything else is read (functions/lib/client-address.ts).
 */
const distributionOnly = (): middy.MiddlewareObj<ParsedEvent, ApiResult> => ({
  before: async (request) => {
    if (!(await acceptFromDistribution(request.event))) throw fail('FORBIDDEN', { message: 'Direct calls to the API are refused: use the app.' });
  },
});

/** JSON bodies smaller than this go out as they are: compressing them saves next to nothing. */
export const minCompressedBytes = 1024;
/** What the server compresses with, in order of preference when the client accepts both equally. */
const contentEncodings = ['br', 'gzip'] as const;
type ContentEncoding = (typeof contentEncodings)[number];
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The encoding to answer with from an Accept-Encoding header: the highest q-value among br
 * and gzip (`*` stands for both), br when they tie; none when neither is accepted (q=0 refuses).
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of contentEncodings) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/**
 * Compresses a JSON answer of at least minCompressedBytes when the client accepts br or gzip
 * (preferredEncoding), as API Gateway v2 wants a binary body: base64 with `isBase64Encoded`,
 * `Content-Encoding` set. `Vary: Accept-Encoding` goes on every answer that could have been
 * compressed. Downloads (a PDF already base64, a CSV) and small bodies are left alone.
 * Brotli at quality 5: under 2 ms for a 1,000-entry canvas, where the default 11 takes
 * over half a second for 20 % less.
 */
const compressedResponses = (): middy.MiddlewareObj<ParsedEvent, ApiResult> => {
  const compress = async (request: middy.Request<ParsedEvent, ApiResult>) => {
    const response = request.response;
    if (!response || response.isBase64Encoded || typeof response.body !== 'string') return;
    const headers = response.headers ?? {};
    if (!jsonContentType.test(String(headers['content-type'] ?? '')) || headers['content-encoding'] !== undefined) return;
    const plain = Buffer.from(response.body, 'utf8');
    if (plain.length < minCompressedBytes) return;
    const encoding = preferredEncoding(header(request.event, 'accept-encoding'));
    const vary = { vary: headers.vary ? `${String(headers.vary)}, Accept-Encoding` : 'Accept-Encoding' };
    if (!encoding) {
      response.headers = { ...headers, ...vary };
      return;
    }
    const compressed =
      encoding === 'br'
        ? await brotli(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
        : await gzipped(plain);
    response.headers = { ...headers, ...vary, 'content-encoding': encoding };
    response.body = compressed.toString('base64');
    response.isBase64Encoded = true;
  };
  return { after: compress, onError: compress };
};

/** A file name safe in a quoted Content-Disposition parameter (ASCII letters, digits, - . _). */
function dispositionFileName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-+/g, '-')
      .slice(0, 120) || 'download'
  );
}

function toResult(output: RouteOutput): ApiResult {
  if (output.file) {
    const isText = typeof output.file.content === 'string';
    return {
      statusCode: output.status ?? 200,
      headers: {
        ...securityHeaders,
        'content-type': output.file.contentType,
        'content-disposition': `attachment; filename="${dispositionFileName(output.file.fileName)}"`,
      },
      ...(output.cookies?.length ? { cookies: output.cookies } : {}),
      body: isText ? (output.file.content as string) : (output.file.content as Buffer).toString('base64'),
      isBase64Encoded: !isText,
    };
  }
  const status = output.status ?? (output.body === undefined ? 204 : 200);
  return {
    statusCode: status,
    headers: { ...securityHeaders },
    ...(output.cookies?.length ? { cookies: output.cookies } : {}),
    body: output.body === undefined ? '' : JSON.stringify(output.body),
  };
}

/**
 * What runs a write once per `Idempotency-Key` (functions/http/idempotency.ts): handed in by the
 * groups that have a `takesIdempotencyKey` route, so the other groups' bundles carry none of it.
 */
export type IdempotencyRunner = {
  headerName: string;
  replayedHeader: string;
  parseKey: (value: string) => string;
  runOncePerKey: (
    input: { userId: string; key: string; request: { method: string; path: string; body: unknown } },
    context: Pick<Context, 'getRemainingTimeInMillis'>,
    work: () => Promise<{ statusCode: number; body: string }>,
  ) => Promise<{ answer: { statusCode: number; body: string }; replayed: boolean }>;
};

/** The Lambda's remaining time, or the API's 29 seconds where a caller passes no context (tests). */
const remainingTimeOf = (context: Context | undefined): Pick<Context, 'getRemainingTimeInMillis'> => ({
  getRemainingTimeInMillis: () => context?.getRemainingTimeInMillis?.() ?? 29_000,
});

function bindRoute(run: AnyRouteFunction, definition: RouteDefinition, endpointOf: () => Promise<Endpoint>, idempotency?: IdempotencyRunner) {
  const isPublic = definition.isPublic === true;
  return async (event: ParsedEvent, context: Context): Promise<ApiResult> => {
    // A GET that writes (the manifest says so) gets the check every write gets.
    if (definition.changesState) requireOwnSiteRequest(event);
    const token = readSessionToken(event.cookies, header(event, 'cookie'));
    let session: Session | null = null;
    if (isPublic) {
      // A public route still knows its caller when there is a live session (e.g. signout).
      session = token ? await resolveSession(token).catch(() => null) : null;
    } else {
      // The push of its idle expiry waits for the operation: a canvas write carries it in its own transaction.
      session = await resolveSession(token, { deferTouch: true });
    }
    try {
      // Re-authentication (docs/product/sessions-and-sign-in.md#re-authentication): checked here, once for every flagged route, before
      // anything is read or written. The web asks for the password or a code and retries.
      if (!isPublic && definition.requiresRecentAuth && session && !isRecentlyAuthenticated(session, reauthWindowSeconds))
        throw fail('REAUTHENTICATION_REQUIRED');
      const endpoint = await endpointOf();
      const answer = async () =>
        toResult(
          await run({
            body: parseWith(endpoint.body, event.parsedBody ?? {}, 'body'),
            path: parseWith(endpoint.path, event.pathParameters ?? {}, 'path'),
            query: parseWith(endpoint.query, event.queryStringParameters ?? {}, 'query'),
            session,
            requestId: requestIdOf(event, context),
            event,
          }),
        );
      const sentKey = idempotency && session && !isPublic ? header(event, idempotency.headerName) : undefined;
      if (!idempotency || !session || sentKey === undefined) return await answer();
      // A retried write (functions/http/idempotency.ts): the same key and request answer the first success again.
      const key = idempotency.parseKey(sentKey);
      const request = { method: event.requestContext.http.method.toUpperCase(), path: event.requestContext.http.path, body: event.parsedBody ?? {} };
      const { answer: kept, replayed } = await idempotency.runOncePerKey({ userId: session.userId, key, request }, remainingTimeOf(context), async () => {
        const result = await answer();
        return { statusCode: result.statusCode ?? 200, body: typeof result.body === 'string' ? result.body : '' };
      });
      return {
        statusCode: kept.statusCode,
        headers: { ...securityHeaders, ...(replayed ? { [idempotency.replayedHeader]: 'true' } : {}) },
        body: kept.body,
      };
    } finally {
      // What the operation did not carry of the session's renewal (most requests: nothing is owed).
      if (session?.pendingTouch) await flushSessionTouch(session, { whenEnded: 'ignore' });
    }
  };
}

/**
 * What a group handler binds that its manifest group does not have, and what it leaves
 * out: both refused when the handler is built (createGroupHandler), so a route is bound
 * once, by its manifest name.
 */
export function bindingProblems(definition: RouteGroup, boundNames: readonly string[]): { unknown: string[]; missing: string[] } {
  const names = new Set<string>(definition.routes.map((route) => route.name));
  const bound = new Set(boundNames);
  return { unknown: boundNames.filter((name) => !names.has(name)), missing: [...names].filter((name) => !bound.has(name)) };
}

/**
 * Builds a route group's Lambda handler: the one middleware stack, and a router whose
 * routes come from the group's manifest entry (`definition`, from shared/routes/<group>.ts),
 * each bound to the function of the same name and checked against that name's entry in the
 * group's contract (`contract`, from shared/api-contract/<group>.ts): the group's bundle
 * carries only its own routes and their schemas, not the whole manifest. The group handlers
 * pass the contract as its `import()`, so a cold start builds no schema until a request gets
 * past the session check (docs/architecture-decisions.md, Lambda bundles).
 */
export function createGroupHandler<G extends RouteGroupName, C extends GroupContract<G>>(
  group: G,
  definition: (typeof routeManifest)[G],
  contract: C | (() => Promise<C>),
  routes: { [N in RouteNamesOf<G>]: RouteFunction<G, N, C[N]> },
  options: { idempotency?: IdempotencyRunner } = {},
) {
  const problems = bindingProblems(definition, Object.keys(routes));
  if (problems.unknown.length || problems.missing.length) {
    throw new Error(`Group ${group} binds routes not in the manifest [${problems.unknown.join(', ')}] and leaves out [${problems.missing.join(', ')}]`);
  }
  const checked = (loaded: C): Record<string, Endpoint> => {
    const contractProblems = bindingProblems(definition, Object.keys(loaded));
    if (contractProblems.unknown.length || contractProblems.missing.length) {
      throw new Error(
        `Group ${group}'s contract has entries not in the manifest [${contractProblems.unknown.join(', ')}] and none for [${contractProblems.missing.join(', ')}]`,
      );
    }
    return loaded as Record<string, Endpoint>;
  };
  // A contract given as its import is loaded (its schemas built) by the first request that gets past
  // the session check, once; one given as it is is checked now.
  let endpoints: Promise<Record<string, Endpoint>> | undefined = typeof contract === 'function' ? undefined : Promise.resolve(checked(contract));
  const endpointsOf = () =>
    (endpoints ??= (contract as () => Promise<C>)().then(checked, (error: unknown) => {
      endpoints = undefined;
      throw error;
    }));
  const keyed = definition.routes.filter((route: RouteDefinition) => route.takesIdempotencyKey).map((route: RouteDefinition) => route.name);
  if (keyed.length && !options.idempotency)
    throw new Error(`Group ${group} has routes that take an Idempotency-Key [${keyed.join(', ')}] and no idempotency runner`);
  // The router tries dynamic routes in order: most specific first, as API Gateway does.
  // Typed as plain definitions: with several groups the manifest's entry type is a union.
  const definitions = bySpecificity<RouteDefinition>(definition.routes);
  const router = httpRouterHandler<ParsedEvent, ApiResult>(
    definitions.map((definition) => ({
      method: definition.method,
      path: definition.path,
      handler: bindRoute(
        (routes as unknown as Record<string, AnyRouteFunction>)[definition.name]!,
        definition,
        async () => (await endpointsOf())[definition.name]!,
        definition.takesIdempotencyKey ? options.idempotency : undefined,
      ),
    })),
  );
  const formRoutes = new Set(definitions.filter((definition) => definition.acceptsFormBody).map((definition) => `${definition.method} ${definition.path}`));
  const requestStack = middy<ParsedEvent, ApiResult>()
    // Registered early so it runs last on the way out: it compresses the final answer, errors included.
    .use(compressedResponses())
    .use(requestLogging(group))
    .use(errorMapping())
    .use(distributionOnly())
    .use(jsonBody(formRoutes))
    .handler(router);
  // Powertools around the request stack (./observability.ts): every log line of the request carries its
  // correlation id, request id and group; the metrics are written once it is done. The request stack
  // answers every error itself, so the handler's X-Ray subsegment is a fault only for a 5xx (requestLogging).
  return observed<ParsedEvent, ApiResult>(requestStack, (event, context) => ({
    correlationId: correlationIdOf(event, context),
    requestId: requestIdOf(event, context),
    group,
  }));
}

export { errorCatalogue };
