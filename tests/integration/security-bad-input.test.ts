import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  CancelFactorRecoveryRequest,
  ChangePasswordRequest,
  CheckResetRequest,
  FactorRecoveryLinkRequest,
  FactorRecoveryRequest,
  NotMeRequest,
  ResendConfirmationRequest,
  ResetPasswordRequest,
  SaltRequest,
  SendResetRequest,
  SetCurrentEntityRequest,
  SigninRequest,
  SignupRequest,
} from '../../shared/contracts/auth';
import {
  ArchiveTakeawayRequest,
  CompleteRequest,
  CreateActionPointRequest,
  CreateAnswerRequest,
  CreateGoalRequest,
  CreateTakeawayRequest,
  UpdateActionPointRequest,
  UpdateAnswerRequest,
  UpdateCanvasTitleRequest,
  UpdateGoalRequest,
  UpdateTakeawayRequest,
} from '../../shared/contracts/canvas';
import { ContactFormRequest } from '../../shared/contracts/contact';
import { PasskeySigninRequest, RegisterPasskeyRequest, RenamePasskeyRequest } from '../../shared/contracts/passkeys';
import { RestoreVersionRequest } from '../../shared/contracts/history';
import {
  ReauthenticateRequest,
  SigninMfaRequest,
  TotpDisableRequest,
  TotpEnableRequest,
  TotpSetupRequest,
  UpdateTwoFactorPolicyRequest,
} from '../../shared/contracts/mfa';
import { PlanBookRequest } from '../../shared/contracts/plan-book';
import { CreateEntityRequest, EntityAddressRequest, UpdateEntityRequest } from '../../shared/contracts/entities';
import {
  AcceptAdvisorInvitationRequest,
  AcceptFamilyInvitationRequest,
  CreateAdvisorInvitationRequest,
  CreateFamilyInvitationRequest,
  CreateMemberInvitationRequest,
  ResendMemberInvitationRequest,
  ResendWorkRelationInvitationRequest,
  SendMemberInvitationRequest,
  SendWorkRelationInvitationRequest,
} from '../../shared/contracts/invitations';
import { UpdateMemberRequest } from '../../shared/contracts/members';
import { UpdateNotificationSettingsRequest } from '../../shared/contracts/notifications';
import { AddressRequest, PrivacySettingsRequest, UpdateUserRequest } from '../../shared/contracts/user';
import {
  AddWorkRelationMemberRequest,
  ListAdvisorCompaniesRequest,
  ListAdvisorsRequest,
  ListDashboardFamiliesRequest,
  ListFamiliesRequest,
  ListFamilyMembersRequest,
  NoteRequest,
  UpdateCanvasSharesRequest,
  UpdateWorkRelationMemberRequest,
} from '../../shared/contracts/work-relations';
import { allRoutes } from '../../shared/routes';
import { ApiClient, useIntegrationStack, type ApiResponse } from '../support/integration';
import { buildRouteCalls, routeKeyOf, type RouteKey } from '../support/security-calls';
import { buildSecurityWorld, outcomeOf, type Call, type SecurityWorld, type SignedInActor } from '../support/security-world';
import { snapshotTable } from '../support/table';

/**
 * Bad input over every route that takes a body, path parameters or a query: malformed
 * JSON, other JSON than an object, wrong types, missing and unknown fields, values far
 * beyond their limits (and a body of 100 kB), unicode and control characters, ids of
 * another tenant, negative and huge paging values and ids. Every answer is a 4xx with the
 * catalogue's body {errorCode, errors, message} — never a 5xx — and the table is the same
 * afterwards.
 *
 * Generated body mutations are sent only when the route's own contract (shared/contracts)
 * refuses them: a mutation the contract accepts (an optional field left out, a null that
 * clears) is valid input, not bad input. Those answer VALIDATION_ERROR (2) naming the
 * field. Path and query mutations, and the explicit cases below, are refused by the server
 * (shape: INCORRECT_INPUT 6; ids that name nothing the caller may see: 4 or 8).
 *
 * What the table comparison ignores, and why:
 * - a session item's `idleExpiresAt` and `lastSeenAt`: reading a session pushes them forward
 *   (at most every 5 minutes), which is the session working, not the bad request;
 * - sign-in throttle items (THROTTLE#SIGNIN#…) and the per-account ceiling's counters
 *   (LIMIT#SIGNIN#…): a sign-in with a well-formed but wrong password is counted, as it
 *   must be (tests/integration/accounts-security).
 */

const stack = useIntegrationStack();

type BodySchema = z.ZodType;

/** The body contract of each route that reads one (functions/<group>/handler.ts binds the same). */
const bodySchemas: Record<RouteKey, BodySchema> = {
  'POST /api/contact-form': ContactFormRequest,
  'POST /api/auth/salt': SaltRequest,
  'POST /api/auth/signup': SignupRequest,
  'POST /api/auth/signin': SigninRequest,
  'POST /api/auth/set-current-entity': SetCurrentEntityRequest,
  'POST /api/auth/signin/mfa': SigninMfaRequest,
  'POST /api/auth/reauthenticate': ReauthenticateRequest,
  'POST /api/mfa/totp/setup': TotpSetupRequest,
  'POST /api/mfa/totp/enable': TotpEnableRequest,
  'POST /api/mfa/totp/disable': TotpDisableRequest,
  'PUT /api/entities/two-factor-policy': UpdateTwoFactorPolicyRequest,
  'POST /api/email-confirmation/resend-confirmation-link': ResendConfirmationRequest,
  'POST /api/password/send-reset': SendResetRequest,
  'POST /api/password/reset': ResetPasswordRequest,
  'POST /api/password/check-reset': CheckResetRequest,
  'POST /api/password/not-me': NotMeRequest,
  'POST /api/password/factor-recovery/request': FactorRecoveryRequest,
  'POST /api/password/factor-recovery/status': FactorRecoveryLinkRequest,
  'POST /api/password/factor-recovery/start': FactorRecoveryLinkRequest,
  'POST /api/password/factor-recovery/complete': FactorRecoveryLinkRequest,
  'POST /api/password/factor-recovery/cancel': CancelFactorRecoveryRequest,
  'PATCH /api/password/change': ChangePasswordRequest,
  'PATCH /api/user/{userId}': UpdateUserRequest,
  'POST /api/user/address': AddressRequest,
  'PATCH /api/user/address/{id}': AddressRequest,
  'POST /api/user/privacy': PrivacySettingsRequest,
  'PUT /api/user/notifications': UpdateNotificationSettingsRequest,
  'POST /api/mfa/passkey/register': RegisterPasskeyRequest,
  'POST /api/mfa/passkey/{id}': RenamePasskeyRequest,
  'POST /api/auth/passkey': PasskeySigninRequest,
  'POST /api/entities': CreateEntityRequest,
  'PATCH /api/entities/update': UpdateEntityRequest,
  'POST /api/entities/address': EntityAddressRequest,
  'PATCH /api/entities/address/{id}': EntityAddressRequest,
  'POST /api/entities/notes/{entityId}': NoteRequest,
  'PATCH /api/entities/notes/{entityId}': NoteRequest,
  'POST /api/member-invitation/create': CreateMemberInvitationRequest,
  'POST /api/member-invitation/send-email': SendMemberInvitationRequest,
  'POST /api/member-invitation/resend': ResendMemberInvitationRequest,
  'POST /api/entity-member/list-advisors': ListAdvisorsRequest,
  'POST /api/entity-member/list-advisors/{familyId}': ListAdvisorsRequest,
  'POST /api/entity-member/list-family-members': ListFamilyMembersRequest,
  'POST /api/entity-member/{memberId}': UpdateMemberRequest,
  'POST /api/family-invitation/create': CreateFamilyInvitationRequest,
  'POST /api/family-invitation/send-email': SendWorkRelationInvitationRequest,
  'POST /api/family-invitation/resend': ResendWorkRelationInvitationRequest,
  'POST /api/family-invitation/accept': AcceptFamilyInvitationRequest,
  'POST /api/advisor-invitation/create': CreateAdvisorInvitationRequest,
  'POST /api/advisor-invitation/send-email': SendWorkRelationInvitationRequest,
  'POST /api/advisor-invitation/resend': ResendWorkRelationInvitationRequest,
  'POST /api/advisor-invitation/accept': AcceptAdvisorInvitationRequest,
  'POST /api/work-relation/list-advisor-companies': ListAdvisorCompaniesRequest,
  'POST /api/work-relation/list-families': ListFamiliesRequest,
  'POST /api/work-relation/list-dashboard-families': ListDashboardFamiliesRequest,
  'POST /api/work-relation-member/{entityId}': AddWorkRelationMemberRequest,
  'POST /api/work-relation-member/update/{memberId}/{entityId}': UpdateWorkRelationMemberRequest,
  'PATCH /api/canvas-shares/{entityId}': UpdateCanvasSharesRequest,
  'PATCH /api/canvas': UpdateCanvasTitleRequest,
  'POST /api/canvas-answer/create/{questionId}': CreateAnswerRequest,
  'PATCH /api/canvas-answer/{id}': UpdateAnswerRequest,
  'POST /api/canvas-takeaway/create/{categoryId}': CreateTakeawayRequest,
  'PATCH /api/canvas-takeaway/{id}': UpdateTakeawayRequest,
  'PATCH /api/canvas-takeaway/archive/{id}': ArchiveTakeawayRequest,
  'POST /api/canvas-goal/create/{categoryId}': CreateGoalRequest,
  'PATCH /api/canvas-goal/{id}': UpdateGoalRequest,
  'PATCH /api/canvas-goal/complete/{id}': CompleteRequest,
  'POST /api/canvas-action-point/create/{categoryId}': CreateActionPointRequest,
  'PATCH /api/canvas-action-point/{id}': UpdateActionPointRequest,
  'PATCH /api/canvas-action-point/complete/{id}': CompleteRequest,
  'POST /api/canvas/history/{eventId}/restore': RestoreVersionRequest,
  'POST /api/canvas/plan-book': PlanBookRequest,
  'POST /api/canvas/plan-book/{familyId}': PlanBookRequest,
};

/** Writes that read no body at all (their body is never looked at, so only its JSON and size are checked). */
const writesWithoutBody = new Set<RouteKey>([
  'POST /api/auth/signout',
  'POST /api/user/sessions/revoke-others',
  'POST /api/mfa/passkey/register/options',
  'POST /api/auth/passkey/options',
  'POST /api/canvas/create',
  'PATCH /api/canvas/reset',
  'POST /api/canvas/history/{eventId}/revert',
  'POST /api/canvas-answer/vote/{answerId}',
  'POST /api/canvas-takeaway/vote/{takeawayId}',
  // One-click unsubscribe: the token is in the query; a mailbox provider's form body is not read.
  'POST /api/unsubscribe',
]);

/** Routes whose query is a strict contract (unknown parameters are refused). */
const queryRoutes = new Set<RouteKey>([
  'GET /api/email-confirmation',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  'GET /api/member-invitation/list',
  'GET /api/member-invitation',
  'GET /api/member-invitation/accept',
  'GET /api/entity-member/members',
  'GET /api/family-invitation/list',
  'GET /api/family-invitation',
  'GET /api/advisor-invitation/list',
  'GET /api/advisor-invitation',
]);

/** Who sends a route's valid call (then mutated): the family's owner, unless the route is the advisor side's. */
const advisorRoutes = new Set<RouteKey>([
  'POST /api/work-relation/list-families',
  'POST /api/work-relation/list-dashboard-families',
  'POST /api/entity-member/list-family-members',
  'GET /api/entity-member/family-member/{memberId}',
]);
const companyOwnerRoutes = new Set<RouteKey>([
  'POST /api/family-invitation/create',
  'POST /api/family-invitation/send-email',
  'GET /api/family-invitation/list',
  'POST /api/family-invitation/resend',
  'DELETE /api/family-invitation/revoke/{id}',
]);

type BadRequest = {
  label: string;
  method: string;
  path: string;
  rawBody?: string;
  /** The codes a refusal may carry; `field`: `errors` must name it. */
  codes: readonly number[];
  field?: string;
  cookie: string;
};

const hundredKb = 'x'.repeat(100 * 1024);
const controlCharacters = 'Ada\u0000\u0007\u001b[31m\r\n\u202e';
const unicode = '𝒰𝓃𝒾𝒸ℴ𝒹ℯ 👪 ﷽ \u0301\u0301\u0301';
/** Values of another type, out of range, or far beyond a field's limit (under the body limit), by the valid value's type. */
function wrongValuesFor(value: unknown): unknown[] {
  const anyField = [null, { $ne: null }];
  if (typeof value === 'string') return [...anyField, 12345, ' ', controlCharacters, unicode, 'y'.repeat(60_000)];
  if (typeof value === 'number') return [...anyField, String(value), -1, 1.5, 1e308];
  if (typeof value === 'boolean') return [...anyField, 'true'];
  if (Array.isArray(value)) return [...anyField, 'x', [null], [-1, 1e308], Array.from({ length: 500 }, (_, i) => i)];
  return [...anyField, 'x', []];
}
/** Tried on a contract's fields that the valid call leaves out: of any type, one of them is wrong. */
const absentFieldValues: unknown[] = [12345, true, {}, [null], controlCharacters, 'y'.repeat(60_000)];
const nonObjects = ['[]', '"text"', '42'];
/** Bodies nested deeper than the 64 levels any input may have: just over, and as deep as 60 kB allows. */
const deepBodies: Array<[string, string]> = [
  ['nested 65 deep', `{"title":${'['.repeat(65)}${']'.repeat(65)}}`],
  ['nested 30,000 arrays', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
  ['nested 10,000 objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
];

/** Path parameter values that are no id of anything: each replaces one parameter at a time. */
const badPathValues = ['-1', '1.5', '99999999999999999999', '%D9%A1%D9%A2', '%00%0A%E2%80%AE', 'x'.repeat(2000), "1'%20OR%20'1'%3D'1", '..%2F..%2Fetc'];

function replaceSegment(templatePath: string, actualPath: string, parameter: string, value: string): string {
  const templateSegments = templatePath.split('/');
  const actualSegments = actualPath.split('?')[0]!.split('/');
  const index = templateSegments.indexOf(`{${parameter}}`);
  actualSegments[index] = value;
  return actualSegments.join('/');
}

let world: SecurityWorld;
const baseCalls = new Map<RouteKey, { call: Call; cookie: string }>();
let before: string[];

/** Items for the before/after comparison, minus what a bad request may legitimately touch (see above). */
async function comparableSnapshot(): Promise<string[]> {
  const items = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
  return items
    .filter((item) => !item.includes('"PK":{"S":"THROTTLE#SIGNIN#') && !item.includes('"PK":{"S":"LIMIT#SIGNIN#'))
    .map((item) =>
      item.includes('"PK":{"S":"SESSION#')
        ? item.replace(/"idleExpiresAt":\{"N":"\d+"\}/, '"idleExpiresAt":"…"').replace(/"lastSeenAt":\{"N":"\d+"\}/, '"lastSeenAt":"…"')
        : item,
    );
}

function actorFor(key: RouteKey): SignedInActor {
  return advisorRoutes.has(key) ? 'advisorFull' : 'owner';
}

function cookieFor(key: RouteKey): string {
  if (companyOwnerRoutes.has(key)) return world.companyAllOwner.client.cookieHeader();
  return world.accounts[actorFor(key)].client.cookieHeader();
}

beforeAll(async () => {
  world = await buildSecurityWorld(stack);
  const calls = buildRouteCalls(world);
  // Valid calls first (some prepare a target), then the snapshot everything is compared with.
  await Promise.all(
    allRoutes().map(async (route) => {
      const key = routeKeyOf(route);
      const builder = calls[key];
      if (!builder) throw new Error(`no call for ${key} in tests/support/security-calls.ts`);
      const call = await builder(actorFor(key));
      baseCalls.set(key, { call, cookie: call.cookie ?? cookieFor(key) });
    }),
  );
  const [feed, strangerFeed] = await Promise.all([
    world.accounts.owner.client.get<{ next: string | null }>('/api/canvas/history?limit=1'),
    world.accounts.stranger.client.get<{ next: string | null }>('/api/canvas/history?limit=1'),
  ]);
  if (typeof feed.body.next !== 'string' || typeof strangerFeed.body.next !== 'string') throw new Error('a family history has no second page');
  historyCursor = feed.body.next;
  strangerHistoryCursor = strangerFeed.body.next;
  before = await comparableSnapshot();
}, 120_000);

function generatedCases(route: { method: string; path: string }): BadRequest[] {
  const key = routeKeyOf(route);
  const base = baseCalls.get(key);
  if (!base) throw new Error(`no call for ${key}`);
  const { call, cookie } = base;
  const cases: BadRequest[] = [];
  const hasBody = route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT';
  if (hasBody) {
    // Any write: JSON that does not parse, and a body beyond 64 kB.
    cases.push({ label: 'malformed JSON', method: route.method, path: call.path, rawBody: '{"title": "x",', codes: [6], cookie });
    cases.push({ label: 'single-quoted JSON', method: route.method, path: call.path, rawBody: "{'title': 'x'}", codes: [6], cookie });
    const body = (call.body ?? {}) as Record<string, unknown>;
    const stringField = Object.keys(body).find((field) => typeof body[field] === 'string') ?? 'padding';
    cases.push({
      label: '100 kB body',
      method: route.method,
      path: call.path,
      rawBody: JSON.stringify({ ...body, [stringField]: hundredKb }),
      codes: [6],
      cookie,
    });
    // JSON nested deeper than 64 levels, of any size under the body limit: refused (2) before it is parsed.
    for (const [label, rawBody] of deepBodies) cases.push({ label, method: route.method, path: call.path, rawBody, codes: [2], cookie });
  }
  const schema = bodySchemas[key];
  if (schema) {
    const body = call.body as Record<string, unknown>;
    const refused = (candidate: unknown) => !schema.safeParse(candidate).success;
    for (const raw of nonObjects) {
      if (refused(JSON.parse(raw))) cases.push({ label: `body ${raw}`, method: route.method, path: call.path, rawBody: raw, codes: [2], cookie });
    }
    for (const field of Object.keys(body)) {
      const { [field]: _removed, ...without } = body;
      if (refused(without))
        cases.push({ label: `without ${field}`, method: route.method, path: call.path, rawBody: JSON.stringify(without), codes: [2], field, cookie });
    }
    // Every field of the contract, also those the valid call leaves out (absent optional ones).
    const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    for (const field of new Set([...Object.keys(body), ...Object.keys(shape)])) {
      for (const value of Object.hasOwn(body, field) ? wrongValuesFor(body[field]) : absentFieldValues) {
        const mutated = { ...body, [field]: value };
        if (refused(mutated)) {
          cases.push({
            label: `${field} = ${JSON.stringify(value).slice(0, 40)}`,
            method: route.method,
            path: call.path,
            rawBody: JSON.stringify(mutated),
            codes: [2],
            field,
            cookie,
          });
        }
      }
    }
    // A computed key makes `__proto__` an own property, as JSON.parse on the server does.
    for (const extra of ['isAdmin', '__proto__', 'constructor']) {
      const mutated = { [extra]: 1, ...body };
      if (refused(mutated))
        cases.push({ label: `unknown field ${extra}`, method: route.method, path: call.path, rawBody: JSON.stringify(mutated), codes: [2], cookie });
    }
  }
  for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
    const parameter = match[1]!;
    for (const value of badPathValues) {
      cases.push({
        label: `${parameter} = ${value.slice(0, 30)}`,
        method: route.method,
        path: replaceSegment(route.path, call.path, parameter, value) + (call.path.includes('?') ? `?${call.path.split('?')[1]}` : ''),
        ...(hasBody ? { rawBody: JSON.stringify(call.body ?? {}) } : {}),
        // Malformed: 6. Well-formed for a string id (`-1`, `0`): names nothing of the caller's (4),
        // or someone else's profile (8). A value that matches no route: the gateway's 404 (4).
        codes: [4, 6, 8],
        cookie,
      });
    }
  }
  if (queryRoutes.has(key)) {
    const path = call.path.split('?')[0]!;
    const hasToken = call.path.includes('token=');
    const queries = hasToken
      ? [
          '',
          'token=',
          `token=${'t'.repeat(600)}`,
          'token=%00%01',
          `token=${encodeURIComponent(unicode)}`,
          'token=a&token=b',
          `${call.path.split('?')[1]}&extra=1`,
        ]
      : ['orderBy=password', 'orderBy=-', `orderBy=${'email,'.repeat(80)}`, 'orderBy=email&extra=1', `orderBy=${encodeURIComponent(controlCharacters)}`];
    for (const query of queries) {
      // A token that names no invitation (or link) is refused as such (20); an empty or oversized one is bad input (6).
      cases.push({ label: `query ${query.slice(0, 40)}`, method: route.method, path: `${path}?${query}`, codes: [6, 20], cookie });
    }
  }
  return cases;
}

/** Bad requests that only the server can tell: ids of another tenant, values out of range. */
function semanticCases(): Array<BadRequest & { key: RouteKey }> {
  const w = world;
  const owner = w.accounts.owner.client.cookieHeader();
  const advisor = w.accounts.advisorFull.client.cookieHeader();
  const companyOwner = w.companyAllOwner.client.cookieHeader();
  const s = w.strangerContent;
  const stranger = w.accounts.stranger;
  const json = (body: unknown) => JSON.stringify(body);
  const c = (key: RouteKey, path: string, codes: number[], body?: unknown, cookie = owner) => ({
    key,
    label: `${path} ${body === undefined ? '' : json(body).slice(0, 60)}`,
    method: key.split(' ')[0]!,
    path,
    // A write always carries JSON (without it: 415), even when the route reads no body.
    ...(body === undefined ? (key.startsWith('POST') || key.startsWith('PATCH') ? { rawBody: '{}' } : {}) : { rawBody: json(body) }),
    codes,
    cookie,
  });
  return [
    // ids of another tenant
    c('POST /api/auth/set-current-entity', '/api/auth/set-current-entity', [4], { id: w.strangerFamilyId }),
    c('PATCH /api/user/{userId}', `/api/user/${stranger.userId}`, [8], { firstName: 'Mallory' }),
    c('PATCH /api/user/address/{id}', `/api/user/address/${w.strangerAddressId}`, [4], {
      streetAddress: 'Evil Lane 1',
      city: 'Nowhere',
      postalCode: '12345',
      country: 'DE',
    }),
    c('PATCH /api/entities/address/{id}', `/api/entities/address/${w.strangerFamilyAddressId}`, [4], {
      streetAddress: 'Evil Lane 1',
      city: 'Nowhere',
      postalCode: '12345',
      country: 'DE',
      type: 'Shipping',
    }),
    c('GET /api/entities/{entityId}', `/api/entities/${w.strangerFamilyId}`, [4]),
    c('GET /api/entities/{entityId}/{familyId}', `/api/entities/${w.otherCompanyId}/${w.familyId}`, [4]),
    c('GET /api/entities/notes/{entityId}', `/api/entities/notes/${w.strangerFamilyId}`, [4]),
    c('POST /api/entities/notes/{entityId}', `/api/entities/notes/${w.strangerFamilyId}`, [4], { note: 'x' }),
    c('PATCH /api/entities/notes/{entityId}', `/api/entities/notes/${w.strangerFamilyId}`, [4], { note: 'x' }),
    // list-families-for-invite / list-advisor-companies-for-invite answer the same list for
    // any id (no probing which ids exist): tests/integration/accounts-abuse.test.ts.
    c('GET /api/entities/get-by-section/{sectionId}', `/api/entities/get-by-section/${s.sectionId}`, [4]),
    c('GET /api/authorization/work-relation-member-permissions/{entityId}', `/api/authorization/work-relation-member-permissions/${w.strangerFamilyId}`, [4]),
    c('POST /api/member-invitation/create', '/api/member-invitation/create', [16], { email: 'someone@example.com', entityRoleId: 99 }),
    c('POST /api/member-invitation/create', '/api/member-invitation/create', [16], { email: 'someone@example.com', entityRoleId: -1 }),
    c('POST /api/member-invitation/send-email', '/api/member-invitation/send-email', [4], { id: w.invitations.strangerMember.id }),
    c('POST /api/member-invitation/resend', '/api/member-invitation/resend', [4], { id: w.invitations.strangerMember.id }),
    c('DELETE /api/member-invitation/revoke/{id}', `/api/member-invitation/revoke/${w.invitations.strangerMember.id}`, [4]),
    c('GET /api/entity-member/{memberId}', `/api/entity-member/${stranger.userId}`, [4]),
    c('POST /api/entity-member/{memberId}', `/api/entity-member/${stranger.userId}`, [4], { companyPosition: 'Mole' }),
    c('POST /api/entity-member/{memberId}', `/api/entity-member/${w.accounts.limited.userId}`, [16], { entityRoleId: 99 }),
    c('DELETE /api/entity-member/{memberId}', `/api/entity-member/${stranger.userId}`, [4]),
    c('GET /api/entity-member/list-canvas-users/{entityId}', `/api/entity-member/list-canvas-users/${w.strangerFamilyId}`, [4]),
    c('GET /api/entity-member/owners/{entityId}', `/api/entity-member/owners/${w.strangerFamilyId}`, [4]),
    c('GET /api/entity-member/owners/{entityId}/{familyId}', `/api/entity-member/owners/${w.otherCompanyId}/${w.familyId}`, [4]),
    c('POST /api/entity-member/list-advisors/{familyId}', `/api/entity-member/list-advisors/${w.strangerFamilyId}`, [4], {}),
    c('GET /api/entity-member/advisor/{memberId}', `/api/entity-member/advisor/${w.accounts.otherCompany.userId}`, [4]),
    c('POST /api/entity-member/list-family-members', '/api/entity-member/list-family-members', [4], { filterBy: { entityId: w.strangerFamilyId } }, advisor),
    c('GET /api/entity-member/family-member/{memberId}', `/api/entity-member/family-member/${stranger.userId}`, [4], undefined, advisor),
    c('GET /api/entity-member/list-advisors-not-for-family/{entityId}', `/api/entity-member/list-advisors-not-for-family/${w.strangerFamilyId}`, [4]),
    c('POST /api/family-invitation/send-email', '/api/family-invitation/send-email', [4], { id: w.invitations.otherCompanyFamily.id }, companyOwner),
    c('POST /api/family-invitation/resend', '/api/family-invitation/resend', [4], { id: w.invitations.otherCompanyFamily.id }, companyOwner),
    c('DELETE /api/family-invitation/revoke/{id}', `/api/family-invitation/revoke/${w.invitations.otherCompanyFamily.id}`, [4], undefined, companyOwner),
    c('POST /api/family-invitation/accept', '/api/family-invitation/accept', [17], { token: w.invitations.familyLink.token, entityId: w.strangerFamilyId }),
    c('POST /api/advisor-invitation/create', '/api/advisor-invitation/create', [6], { email: 'advisor@example.com', canvasSections: [s.sectionId] }),
    c('POST /api/advisor-invitation/send-email', '/api/advisor-invitation/send-email', [4], { id: w.invitations.strangerAdvisor.id }),
    c('POST /api/advisor-invitation/resend', '/api/advisor-invitation/resend', [4], { id: w.invitations.strangerAdvisor.id }),
    c('DELETE /api/advisor-invitation/revoke/{id}', `/api/advisor-invitation/revoke/${w.invitations.strangerAdvisor.id}`, [4]),
    c('POST /api/advisor-invitation/accept', '/api/advisor-invitation/accept', [17], { token: w.invitations.advisorLink.token, entityId: w.otherCompanyId }),
    c('GET /api/work-relation/list-canvas-advisor-companies/{id}', `/api/work-relation/list-canvas-advisor-companies/${w.strangerFamilyId}`, [4]),
    c('GET /api/work-relation/list-section-advisor-companies/{id}', `/api/work-relation/list-section-advisor-companies/${s.sectionId}`, [4]),
    c('POST /api/work-relation-member/{entityId}', `/api/work-relation-member/${w.strangerFamilyId}`, [4], {
      memberId: w.accounts.advisorNone.userId,
      workRelationRoleId: 1,
    }),
    c('POST /api/work-relation-member/{entityId}', `/api/work-relation-member/${w.familyId}`, [4], { memberId: stranger.userId, workRelationRoleId: 1 }),
    c('POST /api/work-relation-member/update/{memberId}/{entityId}', `/api/work-relation-member/update/${w.accounts.otherCompany.userId}/${w.familyId}`, [4], {
      workRelationRoleId: 1,
    }),
    c('DELETE /api/work-relation-member/{memberId}/{entityId}', `/api/work-relation-member/${w.accounts.advisorFull.userId}/${w.strangerFamilyId}`, [4]),
    c('DELETE /api/work-relation/{entityId}', `/api/work-relation/${w.otherCompanyId}`, [4]),
    c('DELETE /api/work-relation/{entityId}', `/api/work-relation/${w.strangerFamilyId}`, [4]),
    c('DELETE /api/work-relation/{entityId}', `/api/work-relation/${w.familyId}`, [4]),
    c('GET /api/canvas-shares/{entityId}', `/api/canvas-shares/${w.otherCompanyId}`, [4]),
    c('PATCH /api/canvas-shares/{entityId}', `/api/canvas-shares/${w.otherCompanyId}`, [4], { canvasSections: [] }),
    c('PATCH /api/canvas-shares/{entityId}', `/api/canvas-shares/${w.companySomeId}`, [6], { canvasSections: [s.sectionId] }),
    c('PATCH /api/canvas-shares/{entityId}', `/api/canvas-shares/${w.companySomeId}`, [2], { canvasSections: [], accessUntil: '2001-01-01' }),
    c('PATCH /api/canvas-shares/{entityId}', `/api/canvas-shares/${w.companySomeId}`, [2], { canvasSections: [], accessUntil: '2030-02-30' }),
    c('GET /api/canvas/{familyId}', `/api/canvas/${w.strangerFamilyId}`, [4]),
    c('GET /api/canvas/section/{id}', `/api/canvas/section/${s.sectionId}`, [4]),
    c('GET /api/canvas/category/{id}', `/api/canvas/category/${s.categoryId}`, [4]),
    c('POST /api/canvas-answer/create/{questionId}', `/api/canvas-answer/create/${s.questionId}`, [4], { questionId: s.questionId, text: 'Sneaky' }),
    c('POST /api/canvas-answer/create/{questionId}', `/api/canvas-answer/create/${w.openQuestionId}`, [6], { questionId: s.questionId, text: 'Sneaky' }),
    c('PATCH /api/canvas-answer/{id}', `/api/canvas-answer/${s.answer}`, [4], { text: 'Sneaky' }),
    c('DELETE /api/canvas-answer/{id}', `/api/canvas-answer/${s.answer}`, [4]),
    c('POST /api/canvas-answer/vote/{answerId}', `/api/canvas-answer/vote/${s.answer}`, [4]),
    c('DELETE /api/canvas-answer/vote/{answerId}', `/api/canvas-answer/vote/${s.answer}`, [4]),
    c('POST /api/canvas-takeaway/create/{categoryId}', `/api/canvas-takeaway/create/${s.categoryId}`, [4], { title: 'Sneaky', categoryId: s.categoryId }),
    c('POST /api/canvas-takeaway/create/{categoryId}', `/api/canvas-takeaway/create/${w.categoryId}`, [6], { title: 'Sneaky', categoryId: s.categoryId }),
    c('POST /api/canvas-takeaway/create/{categoryId}', `/api/canvas-takeaway/create/${w.categoryId}`, [4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      linkedGoalIds: [s.goal],
    }),
    c('POST /api/canvas-takeaway/create/{categoryId}', `/api/canvas-takeaway/create/${w.categoryId}`, [2, 4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      initiatorId: stranger.userId,
    }),
    c('PATCH /api/canvas-takeaway/{id}', `/api/canvas-takeaway/${s.takeaway}`, [4], { title: 'Sneaky' }),
    c('PATCH /api/canvas-takeaway/{id}', `/api/canvas-takeaway/${w.targets.updateTakeaway}`, [4, 6], { title: 'Sneaky', linkedGoalIds: [s.goal] }),
    c('PATCH /api/canvas-takeaway/archive/{id}', `/api/canvas-takeaway/archive/${s.takeaway}`, [4], { archived: true }),
    c('DELETE /api/canvas-takeaway/{id}', `/api/canvas-takeaway/${s.takeaway}`, [4]),
    c('POST /api/canvas-takeaway/vote/{takeawayId}', `/api/canvas-takeaway/vote/${s.takeaway}`, [4]),
    c('DELETE /api/canvas-takeaway/vote/{takeawayId}', `/api/canvas-takeaway/vote/${s.takeaway}`, [4]),
    c('POST /api/canvas-goal/create/{categoryId}', `/api/canvas-goal/create/${s.categoryId}`, [4], { title: 'Sneaky', categoryId: s.categoryId }),
    c('POST /api/canvas-goal/create/{categoryId}', `/api/canvas-goal/create/${w.categoryId}`, [4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      linkedActionPointIds: [s.actionPoint],
    }),
    c('PATCH /api/canvas-goal/{id}', `/api/canvas-goal/${s.goal}`, [4], { title: 'Sneaky' }),
    c('PATCH /api/canvas-goal/complete/{id}', `/api/canvas-goal/complete/${s.goal}`, [4], { completed: true }),
    c('DELETE /api/canvas-goal/{id}', `/api/canvas-goal/${s.goal}`, [4]),
    c('POST /api/canvas-action-point/create/{categoryId}', `/api/canvas-action-point/create/${s.categoryId}`, [4], {
      title: 'Sneaky',
      categoryId: s.categoryId,
    }),
    c('POST /api/canvas-action-point/create/{categoryId}', `/api/canvas-action-point/create/${w.categoryId}`, [2, 4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      assigneeId: stranger.userId,
    }),
    c('PATCH /api/canvas-action-point/{id}', `/api/canvas-action-point/${s.actionPoint}`, [4], { title: 'Sneaky' }),
    c('PATCH /api/canvas-action-point/complete/{id}', `/api/canvas-action-point/complete/${s.actionPoint}`, [4], { completed: true }),
    c('DELETE /api/canvas-action-point/{id}', `/api/canvas-action-point/${s.actionPoint}`, [4]),
    // paging and other values only the server bounds
    ...[
      { limit: -1 },
      { limit: 0 },
      { limit: 51 },
      { limit: 1e9 },
      { limit: 1.5 },
      { limit: -1e308 },
      { offset: -1 },
      { offset: 1e12 },
      { offset: 0.5 },
      { limit: 10, offset: 100_001 },
    ].map((body) => c('POST /api/work-relation/list-dashboard-families', '/api/work-relation/list-dashboard-families', [6], body, advisor)),
    // Passkeys: well-formed answers that verify nothing (no challenge of ours) change nothing but the sign-in counters.
    c('POST /api/mfa/passkey/register', '/api/mfa/passkey/register', [96], {
      label: 'Junk',
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} },
    }),
    c('POST /api/auth/passkey', '/api/auth/passkey', [95], {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'AA' },
        clientExtensionResults: {},
      },
    }),
    c('POST /api/mfa/passkey/{id}', `/api/mfa/passkey/${'0'.repeat(32)}`, [4], { label: 'Nobody’s' }),
    c('DELETE /api/mfa/passkey/{id}', `/api/mfa/passkey/${'0'.repeat(32)}`, [4]),
    c('POST /api/entities', '/api/entities', [11], { entityTypeId: 3, entityName: 'Third Kind' }),
    c('POST /api/entities', '/api/entities', [11], { entityTypeId: -1, entityName: 'Negative Kind' }),
    c('POST /api/auth/signup', '/api/auth/signup', [11], {
      firstName: 'Eve',
      lastName: 'Evil',
      email: 'eve-kind@example.com',
      password: 'A'.repeat(44),
      salt: 'A'.repeat(22) + '==',
      createEntityTypeId: 99,
      createEntityName: 'Evil Kind',
    }),
  ];
}

async function send(request: BadRequest): Promise<ApiResponse> {
  const client = new ApiClient(() => stack.apiUrl);
  return client.request(request.method, request.path, undefined, {
    headers: { cookie: request.cookie },
    ...(request.rawBody === undefined ? {} : { rawBody: request.rawBody }),
  });
}

/** Sends in small batches; returns a line per case whose answer was not a fitting refusal. */
async function failuresOf(requests: BadRequest[]): Promise<string[]> {
  const failures: string[] = [];
  for (let start = 0; start < requests.length; start += 12) {
    await Promise.all(
      requests.slice(start, start + 12).map(async (request) => {
        const response = await send(request);
        const outcome = outcomeOf(response);
        const errors = (response.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
        const namesField = request.field === undefined || Object.keys(errors).some((name) => name === request.field || name.startsWith(`${request.field}.`));
        if (typeof outcome !== 'number' || !request.codes.includes(outcome) || !namesField) {
          failures.push(
            `${request.method} ${request.path.slice(0, 120)} [${request.label}] → ${typeof outcome === 'number' ? `code ${outcome} ${JSON.stringify(errors).slice(0, 120)}` : outcome}`,
          );
        }
      }),
    );
  }
  return failures;
}

/**
 * Paged lists and their cursors (`next` sent back as `cursor`): a cursor the server did not
 * make for that very list — edited, made up, of the old readable kinds, or of another
 * list — is refused (2) naming `cursor`; so is a period that ends before it starts.
 */
const cursorRoutes = new Set<RouteKey>([
  'GET /api/canvas/history',
  'GET /api/canvas/history/{familyId}',
  'GET /api/canvas/access-log',
  'GET /api/entities/access-log',
]);
const periodRoutes = new Set<RouteKey>(['GET /api/canvas/access-log', 'GET /api/canvas/access-log.csv', 'GET /api/entities/access-log']);
/** Real cursors of the family's and another family's history feed (GET /api/canvas/history, page size 1), read in beforeAll. */
let historyCursor: string;
let strangerHistoryCursor: string;

function cursorCases(route: { method: string; path: string }): BadRequest[] {
  const key = routeKeyOf(route);
  const base = baseCalls.get(key);
  if (!base) throw new Error(`no call for ${key}`);
  const path = base.call.path.split('?')[0]!;
  const cookie = key === 'GET /api/entities/access-log' ? world.companyAllOwner.client.cookieHeader() : base.cookie;
  const cases: BadRequest[] = [];
  if (cursorRoutes.has(key)) {
    const [payload, signature] = historyCursor.split('.') as [string, string];
    const flipped = (text: string) => `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
    const cursors = [
      // An event id, as the history's cursor used to be; a readable DynamoDB key, as the access log's was.
      '0000000000000000000000',
      Buffer.from(JSON.stringify({ PK: 'CANVAS#1', SK: 'ACCESS#x' })).toString('base64url'),
      Buffer.from(JSON.stringify({ PK: 'CANVAS#1', SK: 'ACCESS#x' })).toString('base64url') + '.' + 'A'.repeat(43),
      `${flipped(payload)}.${signature}`,
      `${Buffer.from(JSON.stringify('9999999999990000000000')).toString('base64url')}.${signature}`,
      `${payload}.${flipped(signature)}`,
      `${payload}.`,
      `${payload}.${signature}.${signature}`,
    ];
    // Real cursors of other lists: another family's feed everywhere; the own feed's on the access logs.
    cursors.push(strangerHistoryCursor);
    if (!key.startsWith('GET /api/canvas/history')) cursors.push(historyCursor);
    for (const cursor of cursors)
      cases.push({ label: `cursor ${cursor.slice(0, 40)}`, method: 'GET', path: `${path}?cursor=${cursor}`, codes: [2], field: 'cursor', cookie });
  }
  if (periodRoutes.has(key))
    cases.push({ label: 'from after to', method: 'GET', path: `${path}?from=2026-03-02&to=2026-03-01`, codes: [2], field: 'from', cookie });
  return cases;
}

const routesWithInput = allRoutes().filter((route) => route.method !== 'GET' || route.path.includes('{') || queryRoutes.has(routeKeyOf(route)));

describe('bad input', () => {
  it('knows the body contract of every write', () => {
    const writes = allRoutes()
      .filter((route) => route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT')
      .map(routeKeyOf);
    expect(writes.filter((key) => !bodySchemas[key] && !writesWithoutBody.has(key))).toEqual([]);
    expect(Object.keys(bodySchemas).filter((key) => !writes.includes(key))).toEqual([]);
  });

  it.each(routesWithInput.map((route) => [routeKeyOf(route), route] as const))('%s is refused with a catalogue error', async (_key, route) => {
    const cases = generatedCases(route);
    expect(cases.length).toBeGreaterThan(0);
    expect(await failuresOf(cases)).toEqual([]);
  });

  it.each([...new Set([...cursorRoutes, ...periodRoutes])])('%s refuses a cursor it did not make for that list, and a backward period', async (key) => {
    const route = allRoutes().find((candidate) => routeKeyOf(candidate) === key)!;
    const cases = cursorCases(route);
    expect(cases.length).toBeGreaterThan(0);
    expect(await failuresOf(cases)).toEqual([]);
  });

  it('refuses ids of another tenant and values only the server bounds', async () => {
    expect(await failuresOf(semanticCases())).toEqual([]);
  });

  it('changed nothing in the table', async () => {
    const after = await comparableSnapshot();
    expect(after.filter((item) => !before.includes(item))).toEqual([]);
    expect(before.filter((item) => !after.includes(item))).toEqual([]);
  });
});
