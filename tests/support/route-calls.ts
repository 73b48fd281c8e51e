/**
 * Tests call routes by name, as the browser does (web/src/lib/api-client.ts `call`): the method
 * and path come from the manifest (shared/routes.ts), the parameters, query and body are typed
 * by the contract (shared/api-contract.ts). A renamed or removed route fails the type check, not
 * the run. Free of vitest, so the end-to-end specs use it too (tests/e2e/support/api.ts).
 */
import type { BodyOf, PathParamsOf, QueryOf } from '../../shared/api-contract';
import type { HttpMethod } from '../../shared/routes';
import { fillPath, routeByName, type RouteName } from '../../shared/route-paths';

export type { RouteName } from '../../shared/route-paths';

type QueryRecord = Record<string, string | number | boolean | null | undefined>;

/**
 * What a test sends to a route. `body` and `query` are the contract's; a test of what the
 * server refuses sends `looseBody` or `looseQuery` (any value, as JSON or query text) or
 * `rawBody` (the bytes as given, malformed JSON included). `rawQuery` is a query string sent
 * as written (already encoded: a probe with `%00`). `headers` are added as given (an
 * Idempotency-Key, an Origin, a cookie): nothing is added by itself, so a test sees the wire
 * it wrote.
 */
export type RouteCallInput<N extends RouteName> = ([keyof PathParamsOf<N>] extends [never]
  ? { params?: Record<string, never> }
  : { params: PathParamsOf<N> }) & {
  body?: [BodyOf<N>] extends [never] ? Record<string, never> : BodyOf<N>;
  looseBody?: unknown;
  rawBody?: string;
  query?: [QueryOf<N>] extends [never] ? never : QueryOf<N>;
  looseQuery?: QueryRecord;
  rawQuery?: string;
  headers?: Record<string, string>;
};

/** The input argument: optional for a route without path parameters. */
export type RouteCallArgs<N extends RouteName> = keyof PathParamsOf<N> extends never ? [RouteCallInput<N>?] : [RouteCallInput<N>];

/**
 * A route's path with its parameters filled in (URI-encoded) and an optional query: for a test
 * that hands the path to something other than a client (a request with a forged cookie, a
 * helper that measures a read). Each value of a query record is URI-encoded; a string is
 * appended as written.
 */
export function routePath<N extends RouteName>(
  name: N,
  ...[params, query]: keyof PathParamsOf<N> extends never ? [Record<string, never>?, (QueryRecord | string)?] : [PathParamsOf<N>, (QueryRecord | string)?]
): string {
  const path = fillPath(name, (params ?? {}) as Record<string, string | number>);
  const search = typeof query === 'string' ? query : query ? queryText(query) : '';
  return search ? `${path}?${search}` : path;
}

function queryText(query: QueryRecord): string {
  return Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** What goes on the wire for one call by name: the method, the path with its query, and the body. */
export type RouteRequest = { method: HttpMethod; path: string; body: unknown; rawBody?: string; headers: Record<string, string> };

/**
 * The request of a call by name. Without a body a write sends `{}` (a JSON body, as the
 * browser's writes carry one); a read or a delete sends none.
 */
export function routeRequest<N extends RouteName>(name: N, input: RouteCallInput<N> = {} as RouteCallInput<N>): RouteRequest {
  const { method } = routeByName(name);
  const query = input.rawQuery ?? ((input.query ?? input.looseQuery) as QueryRecord | undefined);
  const path = routePath(name as RouteName, (input.params ?? {}) as never, query);
  const given = 'looseBody' in input ? input.looseBody : input.body;
  const body = given !== undefined || method === 'GET' || method === 'DELETE' ? given : {};
  return { method, path, body, rawBody: input.rawBody, headers: input.headers ?? {} };
}
