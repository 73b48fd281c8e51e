/**
 * The API contract: for every route of the manifest (shared/routes.ts), by its name, the
 * schemas of what goes in (path parameters, body, query) and what comes back (response).
 * The manifest says where a route is (method, path); this table says what it carries. Both
 * sides read it: the server validates each request with its route's entry before the
 * route's function runs (functions/http/http.ts createGroupHandler, given its group's slice
 * from shared/api-contract/<group>.ts, so a Lambda loads only its own routes' schemas), and
 * the browser's client (web/src/lib/api-client.ts) derives each call's types from the two,
 * so no handler picks a schema and no caller writes a URL or picks a schema of its own. A route without a
 * response schema answers nothing the browser reads (204, or a body it ignores); without a
 * body schema it takes none.
 */
import type * as z from 'zod';
import { contactFormContract } from './api-contract/contact-form';
import { authContract } from './api-contract/auth';
import { mfaContract } from './api-contract/mfa';
import { passkeysContract } from './api-contract/passkeys';
import { emailConfirmationContract } from './api-contract/email-confirmation';
import { passwordContract } from './api-contract/password';
import { userContract } from './api-contract/user';
import { entitiesContract } from './api-contract/entities';
import { authorizationContract } from './api-contract/authorization';
import { memberInvitationContract } from './api-contract/member-invitation';
import { entityMemberContract } from './api-contract/entity-member';
import { familyInvitationContract } from './api-contract/family-invitation';
import { advisorInvitationContract } from './api-contract/advisor-invitation';
import { workRelationContract } from './api-contract/work-relation';
import { workRelationMemberContract } from './api-contract/work-relation-member';
import { canvasSharesContract } from './api-contract/canvas-shares';
import { canvasContract } from './api-contract/canvas';
import { canvasHistoryContract } from './api-contract/canvas-history';
import { canvasPlanBookContract } from './api-contract/canvas-plan-book';
import { canvasAnswerContract } from './api-contract/canvas-answer';
import { canvasTakeawayContract } from './api-contract/canvas-takeaway';
import { canvasGoalContract } from './api-contract/canvas-goal';
import { canvasActionPointContract } from './api-contract/canvas-action-point';
import type { Endpoint } from './api-contract/endpoint';
import type { RouteName, RouteOf } from './route-paths';

export type { Endpoint, GroupContract } from './api-contract/endpoint';
export { fillPath, routeByName, type RouteName, type RouteOf } from './route-paths';

/**
 * The whole table, for the browser's client and the tests: each group's entries, written
 * once in shared/api-contract/<group>.ts (which a group's Lambda imports alone).
 */
export const apiContract = {
  ...contactFormContract,
  ...authContract,
  ...mfaContract,
  ...passkeysContract,
  ...emailConfirmationContract,
  ...passwordContract,
  ...userContract,
  ...entitiesContract,
  ...authorizationContract,
  ...memberInvitationContract,
  ...entityMemberContract,
  ...familyInvitationContract,
  ...advisorInvitationContract,
  ...workRelationContract,
  ...workRelationMemberContract,
  ...canvasSharesContract,
  ...canvasContract,
  ...canvasHistoryContract,
  ...canvasPlanBookContract,
  ...canvasAnswerContract,
  ...canvasTakeawayContract,
  ...canvasGoalContract,
  ...canvasActionPointContract,
} as const satisfies Record<RouteName, Endpoint>;

type Contract = typeof apiContract;

/** The `{name}` segments of a manifest path. */
type ParameterNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParameterNames<Rest> : never;

/** What fills a route's path segments; distributes over a union of names. */
export type PathParamsOf<N extends RouteName> = N extends RouteName ? { [K in ParameterNames<RouteOf<N>['path']>]: string | number } : never;
/** The body a route takes, `never` when it takes none. */
export type BodyOf<N extends RouteName> = N extends RouteName ? (Contract[N] extends { body: infer S extends z.ZodType } ? z.input<S> : never) : never;
/** A query string carries text; a number is written out as one. */
type QueryValues<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] | number : T[K] };
/** The query a route takes, `never` when it takes none. */
export type QueryOf<N extends RouteName> = N extends RouteName
  ? Contract[N] extends { query: infer S extends z.ZodType }
    ? QueryValues<z.input<S>>
    : never
  : never;
/** What a route answers, `void` when the browser reads nothing. */
export type ResponseOf<N extends RouteName> = N extends RouteName ? (Contract[N] extends { response: infer S extends z.ZodType } ? z.output<S> : void) : never;
