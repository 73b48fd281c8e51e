/**
 * What one contract entry is, and what a route group's slice of the contract must hold.
 * Each group's entries live in their own file beside this one (shared/api-contract/<group>.ts),
 * importing only that group's contract modules, so its Lambda's bundle carries and builds
 * only its own routes' schemas; shared/api-contract.ts assembles the whole table.
 */
import * as z from 'zod';
import type { RouteGroupName, RouteNamesOf } from '../routes';

/**
 * A route's schemas: `path` (its `{name}` segments), `body` and `query` are what the server
 * validates before the route's function runs (functions/http/http.ts) and what the browser
 * sends; `response` is what the browser reads.
 */
export type Endpoint = { path?: z.ZodType; body?: z.ZodType; query?: z.ZodType; response?: z.ZodType };

/** A route group's entries: one for each route of its manifest group (shared/routes.ts), and no other. */
export type GroupContract<G extends RouteGroupName> = { readonly [N in RouteNamesOf<G>]: Endpoint };

/**
 * The body of a write that reads none but is sent one: the browser sends `{}`; the server
 * lets any JSON pass unread (one-click unsubscribe also takes a mailbox provider's form).
 */
export const UnreadBody = z.custom<Record<string, never>>(() => true);
