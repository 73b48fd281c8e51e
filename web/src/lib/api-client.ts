import type * as z from 'zod';
import type { BodyOf, PathParamsOf, QueryOf, ResponseOf } from '../../../shared/api-contract';
import { fillPath, routeByName, type RouteName } from '../../../shared/route-paths';
import { ErrorCodes, errorCatalogue, type FieldErrors } from '../../../shared/errors';
import { apiBasePath, idempotencyKeyHeader } from '../../../shared/routes';
import { saveQueue } from './save-queue';

/**
 * The one way the browser talks to the API (docs/product/accounts.md#calls): base path /api, cookies sent,
 * JSON in and out. A non-2xx status or an errorCode in the body is a failure and throws
 * an ApiError carrying the catalogue's {errorCode, errors, message} and the status.
 * Session expiry (7) and an unconfirmed e-mail (14) also go to a global handler the app
 * registers, so every caller gets the redirects of docs/product/errors.md#sessions-errors for free.
 */

export class ApiError extends Error {
  readonly errorCode: number;
  readonly errors: FieldErrors;
  readonly status: number;
  /** What some codes carry beyond the message (ITEM_CHANGED, 71: the item now and who changed it). */
  readonly details: unknown;
  /**
   * No answer came (status 0): `offline`, the browser was offline before the request, so it
   * never left; `unsure`, a write left online and its answer was lost, so it may have been
   * saved (docs/product/canvas.md#offline).
   */
  readonly connection: 'offline' | 'unsure' | null;

  constructor(init: { errorCode: number; errors?: FieldErrors; message: string; status: number; details?: unknown; connection?: 'offline' | 'unsure' | null }) {
    super(init.message);
    this.name = 'ApiError';
    this.errorCode = init.errorCode;
    this.errors = init.errors ?? {};
    this.status = init.status;
    this.details = init.details;
    this.connection = init.connection ?? null;
  }

  /** Whether the server rejected named fields (validation or incorrect input). */
  get hasFieldErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Codes that every caller hands to the global handler (docs/product/errors.md#accounts-errors "Global"). */
export const globallyHandledCodes: readonly number[] = [ErrorCodes.SESSION_EXPIRED, ErrorCodes.EMAIL_NOT_CONFIRMED];

type GlobalErrorHandler = (error: ApiError) => void;

type ClientConfig = {
  baseUrl: string;
  fetch: typeof fetch;
  onGlobalError: GlobalErrorHandler | null;
  /** Waits before a read is tried again (tests record the delays instead of waiting). */
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0 ≤ x < 1: the jitter of the back-off. */
  random: () => number;
  /** Whether the browser is online (navigator.onLine); tests pass their own. */
  isOnline: () => boolean;
};

function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const config: ClientConfig = {
  baseUrl: '/api',
  fetch: (...args) => globalThis.fetch(...args),
  onGlobalError: null,
  wait: waitFor,
  random: Math.random,
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
};

/**
 * Re-authentication (docs/product/sessions-and-sign-in.md#re-authentication): a guarded route answers REAUTHENTICATION_REQUIRED (92) when
 * the session has not proved its password or second factor in the last 10 minutes. The app
 * registers a handler that asks for the password or a code (the auth feature's
 * dialog) and resolves true once the session is stamped; the request is then sent again,
 * once. Every guarded action works without code of its own. Concurrent 92s share one ask.
 */
type ReauthenticationHandler = () => Promise<boolean>;
let reauthenticationHandler: ReauthenticationHandler | null = null;
let pendingReauthentication: Promise<boolean> | null = null;

export function setReauthenticationHandler(handler: ReauthenticationHandler | null): void {
  reauthenticationHandler = handler;
}

function askToReauthenticate(): Promise<boolean> {
  if (!reauthenticationHandler) return Promise.resolve(false);
  pendingReauthentication ??= reauthenticationHandler().finally(() => {
    pendingReauthentication = null;
  });
  return pendingReauthentication;
}

/** The app registers what codes 7 and 14 do (clear the session, redirect); lib stays free of the app. */
export function setGlobalErrorHandler(handler: GlobalErrorHandler | null): void {
  config.onGlobalError = handler;
}

/** For tests: a fake fetch or another base URL. Returns a function restoring the previous settings. */
export function configureApiClient(overrides: Partial<Pick<ClientConfig, 'baseUrl' | 'fetch' | 'wait' | 'random' | 'isOnline'>>): () => void {
  const previous = { baseUrl: config.baseUrl, fetch: config.fetch, wait: config.wait, random: config.random, isOnline: config.isOnline };
  Object.assign(config, overrides);
  return () => Object.assign(config, previous);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Query = Record<string, string | number | boolean | null | undefined | ReadonlyArray<string | number>>;

export type RequestOptions<T> = {
  /** Validates the successful body; a mismatch is a failure, never silently trusted data (a schema still loading is awaited after the answer). */
  schema?: z.ZodType<T> | Promise<z.ZodType<T> | undefined>;
  query?: Query;
  signal?: AbortSignal;
  /** Codes this caller handles itself instead of the global handler (the login page handles 14). */
  handleLocally?: readonly number[];
  /** Internal: the retry after a re-authentication is not retried again. */
  isRetryAfterReauthentication?: boolean;
  /** Internal: how many times this read has been sent again after a 429. */
  throttledRetries?: number;
  /**
   * A canvas save that waits for the connection when made offline (web/src/lib/save-queue.ts):
   * sent once, in order, when the browser is back online. Never for sign-in or password changes.
   */
  queueWhenOffline?: boolean;
  /** Internal: the queue is sending it now. */
  isFromQueue?: boolean;
  /**
   * The `Idempotency-Key` of a write the route takes one for (shared/routes.ts takesIdempotencyKey):
   * chosen once when the write is made (`call`), and sent again with it by the queue and every retry.
   */
  idempotencyKey?: string;
};

function buildUrl(path: string, query?: Query): string {
  const url = `${config.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) return { nonJson: text };
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { nonJson: text };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrorsFrom(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
}

/**
 * What API Gateway answers by itself, before any of our handlers runs, carries only
 * `{"message": "Too Many Requests"}` (or "Not Found", "Request Entity Too Large"): no
 * errorCode. These statuses get the catalogue's code and message, so a throttled burst reads
 * "Too many attempts" and not a system error. A 413 is what functions/lib/http.ts answers for
 * a body over its own bound: INCORRECT_INPUT with "Request body too large.".
 */
const gatewayAnswers: Readonly<Record<number, { errorCode: number; message: string }>> = {
  404: { errorCode: ErrorCodes.ITEM_NOT_FOUND, message: errorCatalogue.ITEM_NOT_FOUND.message },
  405: { errorCode: ErrorCodes.ITEM_NOT_FOUND, message: errorCatalogue.ITEM_NOT_FOUND.message },
  413: { errorCode: ErrorCodes.INCORRECT_INPUT, message: 'Request body too large.' },
  429: { errorCode: ErrorCodes.TOO_MANY_REQUESTS, message: errorCatalogue.TOO_MANY_REQUESTS.message },
};

/** A failed response → ApiError. Without a code the catalogue's default (500) applies (docs/product/errors.md#codes). */
function errorFrom(status: number, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const gateway = typeof record.errorCode === 'number' ? undefined : gatewayAnswers[status];
  if (gateway) return new ApiError({ ...gateway, status });
  const errorCode = typeof record.errorCode === 'number' ? record.errorCode : ErrorCodes.INTERNAL_SERVER_ERROR;
  const message = typeof record.message === 'string' && record.message ? record.message : errorCatalogue.INTERNAL_SERVER_ERROR.message;
  return new ApiError({ errorCode, errors: fieldErrorsFrom(record.errors), message, status, details: record.details });
}

/** An errorCode in a 2xx body means failure too; 0 would be an explicit "no error". */
function bodyCarriesError(body: unknown): boolean {
  return isRecord(body) && typeof body.errorCode === 'number' && body.errorCode !== 0;
}

/** A read that met a 429 is sent again this many times at most; writes never are (they may have been counted). */
export const maxThrottledReadRetries = 3;
const backOffBaseMs = 500;
/** A Retry-After longer than this is not waited for: the caller gets "Too many attempts" at once. */
const longestRetryAfterMs = 20_000;

/**
 * How long to wait before the next try of a throttled read, or undefined to give up: the
 * server's Retry-After (seconds or an HTTP date) when it sends one, else exponential back-off
 * (0.5 s, 1 s, 2 s); either way with up to half of it again as jitter, so the readers a
 * throttle stopped together do not all come back at once.
 */
function readRetryDelay(retries: number, retryAfter: string | null): number | undefined {
  if (retries >= maxThrottledReadRetries) return undefined;
  let base = backOffBaseMs * 2 ** retries;
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    const asked = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(asked)) base = Math.max(0, asked);
  }
  if (base > longestRetryAfterMs) return undefined;
  return Math.round(base + config.random() * (base / 2));
}

/**
 * The keys of writes whose answer was lost (`unsure`: they left online and no answer came), by
 * what was sent. The same write made again (the user's retry, same route and body) is the same
 * intended write: it goes with the same key, so the server answers the first one's result if it
 * arrived (docs/product/errors.md#retries). A changed text is a new write with a new key.
 */
const unansweredWriteKeys = new Map<string, string>();
const maxUnansweredWriteKeys = 100;
const writeSignature = (method: Method, path: string, body: unknown) => `${method} ${path} ${JSON.stringify(body ?? null)}`;

/** The key for a write made now: the lost one's when it is the same write again, else a new one. */
export function idempotencyKeyFor(method: Method, path: string, body: unknown): string {
  return unansweredWriteKeys.get(writeSignature(method, path, body)) ?? crypto.randomUUID();
}

function rememberUnanswered(method: Method, path: string, body: unknown, key: string): void {
  const signature = writeSignature(method, path, body);
  unansweredWriteKeys.delete(signature);
  unansweredWriteKeys.set(signature, key);
  if (unansweredWriteKeys.size > maxUnansweredWriteKeys) unansweredWriteKeys.delete(unansweredWriteKeys.keys().next().value!);
}

/**
 * How far the server's clock is ahead of this browser's (ms), from the `Date` header of the last answer:
 * null before one came. The header has whole seconds and is written before the answer travels, so the
 * estimate errs towards an earlier server time (what a catch-up from it needs: it reads more, never less).
 */
let serverClockAheadMs: number | null = null;

/** A moment of this browser's clock (Date.now()) on the server's clock, if an answer told it yet. */
export function onServerClock(browserMs: number): number | null {
  return serverClockAheadMs === null ? null : browserMs + serverClockAheadMs;
}

function noteServerClock(response: Response): void {
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(date)) serverClockAheadMs = date - Date.now();
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
  if (options.queueWhenOffline && !options.isFromQueue && saveQueue.shouldQueue()) {
    return saveQueue.enqueue(() => request<T>(method, path, body, { ...options, isFromQueue: true }));
  }
  const wasOnline = config.isOnline();
  const headers: Record<string, string> = { accept: 'application/json' };
  const hasBody = body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  // Writes always carry the JSON content type (the server requires it against cross-site forms).
  else if (method !== 'GET') headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers[idempotencyKeyHeader] = options.idempotencyKey;

  let response: Response;
  try {
    response = await config.fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // A write that left online may have reached the server: never sent again by itself.
    const connection = !wasOnline ? 'offline' : method === 'GET' ? null : 'unsure';
    if (connection === 'unsure' && options.idempotencyKey) rememberUnanswered(method, path, body, options.idempotencyKey);
    throw new ApiError({ errorCode: ErrorCodes.INTERNAL_SERVER_ERROR, message: 'The server could not be reached.', status: 0, connection });
  }

  // Answered: a later equal write is a new one.
  if (options.idempotencyKey) unansweredWriteKeys.delete(writeSignature(method, path, body));
  noteServerClock(response);
  const parsed = response.status === 204 ? undefined : await readBody(response);
  if (!response.ok || bodyCarriesError(parsed)) {
    const error = errorFrom(response.status, parsed);
    const retries = options.throttledRetries ?? 0;
    const delay = method === 'GET' && response.status === 429 ? readRetryDelay(retries, response.headers.get('retry-after')) : undefined;
    if (delay !== undefined) {
      await config.wait(delay, options.signal);
      return request(method, path, body, { ...options, throttledRetries: retries + 1 });
    }
    if (error.errorCode === ErrorCodes.REAUTHENTICATION_REQUIRED && !options.isRetryAfterReauthentication && (await askToReauthenticate())) {
      return request(method, path, body, { ...options, isRetryAfterReauthentication: true });
    }
    const isGlobal = globallyHandledCodes.includes(error.errorCode) && !(options.handleLocally ?? []).includes(error.errorCode);
    if (isGlobal) config.onGlobalError?.(error);
    throw error;
  }
  const schema = await options.schema;
  if (!schema) return parsed as T;
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new ApiError({ errorCode: ErrorCodes.SYSTEM_ERROR, message: 'The server sent an unexpected answer.', status: response.status });
  }
  return result.data;
}

/** A file the server sent (a PDF): its bytes and the name from Content-Disposition. */
export type DownloadedFile = { blob: Blob; fileName: string };

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * POSTs a JSON body and takes a file back (the plan book): the same cookies, headers and
 * error handling as every call, but the successful body is kept as bytes. A refusal is
 * JSON like any other and throws the same ApiError.
 */
async function download(path: string, body: unknown, options: { signal?: AbortSignal; fallbackName: string }): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await config.fetch(buildUrl(path), {
      method: 'POST',
      headers: { accept: 'application/pdf, application/json', 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(body ?? {}),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ errorCode: ErrorCodes.INTERNAL_SERVER_ERROR, message: 'The server could not be reached.', status: 0 });
  }
  if (!response.ok) {
    const error = errorFrom(response.status, await readBody(response));
    if (globallyHandledCodes.includes(error.errorCode)) config.onGlobalError?.(error);
    throw error;
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition'), options.fallbackName) };
}

export const apiClient = {
  download,
  get: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('POST', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PATCH', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PUT', path, body, options),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, undefined, options),
};

/**
 * What one call carries, typed from the route's contract: `params` fills the path's `{name}`
 * segments, `body` and `query` take the contract's schemas' input. A route without path
 * parameters, body or query takes none. `schema` reads a narrower view of the response (a
 * page that needs only a few fields of the canvas) in place of the contract's.
 */
export type CallInput<N extends RouteName, V = ResponseOf<N>> = ([keyof PathParamsOf<N>] extends [never]
  ? { params?: undefined }
  : { params: PathParamsOf<N> }) &
  BodyInput<N> &
  ([QueryOf<N>] extends [never] ? { query?: undefined } : { query?: QueryOf<N> }) &
  Pick<RequestOptions<V>, 'signal' | 'handleLocally' | 'queueWhenOffline'> & { schema?: z.ZodType<V> };

/**
 * An update's `version` (the item's version as the browser read it) is optional on the wire, as
 * the spec has it, but the browser always sends it: without it the server would overwrite a
 * newer change (docs/product/live.md#no-lost-edits). So a route whose body has `version` takes
 * a body with a number there, and a call that leaves it out does not compile.
 */
export type Versioned<B> = B & { version: number };
type BodyInput<N extends RouteName> = [BodyOf<N>] extends [never]
  ? { body?: undefined }
  : string extends keyof BodyOf<N>
    ? { body?: BodyOf<N> }
    : 'version' extends keyof BodyOf<N>
      ? { body: Versioned<BodyOf<N>> }
      : { body?: BodyOf<N> };

/** The path under the client's base URL: the manifest's path without its `/api`. */
function relativePath(name: RouteName, params?: Record<string, string | number>): string {
  return fillPath(name, params).slice(apiBasePath.length);
}

/**
 * The contract table holds every route's schemas (with zod): loaded by the first call, not
 * with the first page (the logged-out first page makes none; docs/architecture.md#budgets). The
 * first call's request does not wait for it: its answer is checked once the table is there.
 */
type ApiContractTable = (typeof import('../../../shared/api-contract'))['apiContract'];
let contractTable: ApiContractTable | undefined;
let contractLoading: Promise<ApiContractTable> | undefined;
export function preloadApiContract(): Promise<ApiContractTable> {
  contractLoading ??= import('../../../shared/api-contract').then((module) => (contractTable = module.apiContract));
  return contractLoading;
}

/** The table once loaded, read by `pick`; a failed download fails the call as an unreachable server would. */
function contractPending<V>(pick: (table: ApiContractTable) => z.ZodType<V> | undefined): Promise<z.ZodType<V> | undefined> {
  const pending = preloadApiContract().then(pick, () => {
    // Loaded again by the next call (offline, a new deploy).
    contractLoading = undefined;
    throw new ApiError({ errorCode: ErrorCodes.INTERNAL_SERVER_ERROR, message: 'The server could not be reached.', status: 0 });
  });
  // Awaited after the answer: a call that fails before leaves it unread, which is no error.
  pending.catch(() => undefined);
  return pending;
}

/**
 * Calls a route of the manifest by name: its method and path from the manifest, its body
 * and query types and its response schema from the contract (shared/api-contract.ts).
 */
export function call<N extends RouteName, V = ResponseOf<N>>(
  name: N,
  ...[input]: keyof PathParamsOf<N> extends never ? [CallInput<N, V>?] : [CallInput<N, V>]
): Promise<V> {
  const { params, body, query, schema, ...options } = (input ?? {}) as CallInput<N, V>;
  const route = routeByName(name);
  const responseSchema = (table: ApiContractTable) => (table[name] as { response?: z.ZodType<V> }).response;
  const path = relativePath(name, params as Record<string, string | number> | undefined);
  return request<V>(route.method, path, body, {
    ...options,
    // One key per intended write, chosen now: the offline queue and the retries send it again.
    ...(route.takesIdempotencyKey ? { idempotencyKey: idempotencyKeyFor(route.method, path, body) } : {}),
    schema: schema ?? (contractTable ? responseSchema(contractTable) : contractPending(responseSchema)),
    query: query as Query | undefined,
  });
}

/** Downloads a route's file answer (the plan book) by name, with the same error handling as `call`. */
export function callDownload<N extends RouteName>(name: N, input: CallInput<N> & { fallbackName: string }): Promise<DownloadedFile> {
  const params = input.params as Record<string, string | number> | undefined;
  return download(relativePath(name, params), input.body, { signal: input.signal, fallbackName: input.fallbackName });
}

/** A route's address for a plain link (a CSV the browser downloads with the cookie). */
export function routeUrl<N extends RouteName>(name: N, input: Pick<CallInput<N>, 'params' | 'query'>): string {
  return buildUrl(relativePath(name, input.params as Record<string, string | number> | undefined), input.query as Query | undefined);
}
