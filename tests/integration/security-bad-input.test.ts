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
import { routePath } from '../support/route-calls';
import { routeByName } from '../../shared/route-paths';

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
const bodySchemas: Partial<Record<RouteKey, BodySchema>> = {
  sendContactMessage: ContactFormRequest,
  getSalt: SaltRequest,
  signUp: SignupRequest,
  signIn: SigninRequest,
  setCurrentEntity: SetCurrentEntityRequest,
  signInMfa: SigninMfaRequest,
  reauthenticate: ReauthenticateRequest,
  setupTotp: TotpSetupRequest,
  enableTotp: TotpEnableRequest,
  disableTotp: TotpDisableRequest,
  updateTwoFactorPolicy: UpdateTwoFactorPolicyRequest,
  resendConfirmationLink: ResendConfirmationRequest,
  sendReset: SendResetRequest,
  resetPassword: ResetPasswordRequest,
  checkReset: CheckResetRequest,
  reportNotMe: NotMeRequest,
  requestFactorRecovery: FactorRecoveryRequest,
  factorRecoveryStatus: FactorRecoveryLinkRequest,
  startFactorRecovery: FactorRecoveryLinkRequest,
  completeFactorRecovery: FactorRecoveryLinkRequest,
  cancelFactorRecovery: CancelFactorRecoveryRequest,
  changePassword: ChangePasswordRequest,
  updateUser: UpdateUserRequest,
  addAddress: AddressRequest,
  updateAddress: AddressRequest,
  updatePrivacySettings: PrivacySettingsRequest,
  updateNotificationSettings: UpdateNotificationSettingsRequest,
  registerPasskey: RegisterPasskeyRequest,
  renamePasskey: RenamePasskeyRequest,
  signInWithPasskey: PasskeySigninRequest,
  createEntity: CreateEntityRequest,
  updateEntity: UpdateEntityRequest,
  addEntityAddress: EntityAddressRequest,
  updateEntityAddress: EntityAddressRequest,
  createNote: NoteRequest,
  updateNote: NoteRequest,
  createMemberInvitation: CreateMemberInvitationRequest,
  sendMemberInvitationEmail: SendMemberInvitationRequest,
  resendMemberInvitation: ResendMemberInvitationRequest,
  listAdvisors: ListAdvisorsRequest,
  listAdvisorsOfFamily: ListAdvisorsRequest,
  listFamilyMembers: ListFamilyMembersRequest,
  updateMember: UpdateMemberRequest,
  createFamilyInvitation: CreateFamilyInvitationRequest,
  sendFamilyInvitationEmail: SendWorkRelationInvitationRequest,
  resendFamilyInvitation: ResendWorkRelationInvitationRequest,
  acceptFamilyInvitation: AcceptFamilyInvitationRequest,
  createAdvisorInvitation: CreateAdvisorInvitationRequest,
  sendAdvisorInvitationEmail: SendWorkRelationInvitationRequest,
  resendAdvisorInvitation: ResendWorkRelationInvitationRequest,
  acceptAdvisorInvitation: AcceptAdvisorInvitationRequest,
  listAdvisorCompanies: ListAdvisorCompaniesRequest,
  listFamilies: ListFamiliesRequest,
  listDashboardFamilies: ListDashboardFamiliesRequest,
  addWorkRelationMember: AddWorkRelationMemberRequest,
  updateWorkRelationMember: UpdateWorkRelationMemberRequest,
  updateCanvasShares: UpdateCanvasSharesRequest,
  updateCanvasTitle: UpdateCanvasTitleRequest,
  createAnswer: CreateAnswerRequest,
  updateAnswer: UpdateAnswerRequest,
  createTakeaway: CreateTakeawayRequest,
  updateTakeaway: UpdateTakeawayRequest,
  archiveTakeaway: ArchiveTakeawayRequest,
  createGoal: CreateGoalRequest,
  updateGoal: UpdateGoalRequest,
  completeGoal: CompleteRequest,
  createActionPoint: CreateActionPointRequest,
  updateActionPoint: UpdateActionPointRequest,
  completeActionPoint: CompleteRequest,
  restoreVersion: RestoreVersionRequest,
  exportOwnPlanBook: PlanBookRequest,
  exportPlanBook: PlanBookRequest,
};

/** Writes that read no body at all (their body is never looked at, so only its JSON and size are checked). */
const writesWithoutBody = new Set<RouteKey>([
  'signOut',
  'revokeOtherSessions',
  'registrationOptions',
  'authenticationOptions',
  'createCanvas',
  'resetCanvas',
  'revertEvent',
  'addAnswerVote',
  'addTakeawayVote',
  // One-click unsubscribe: the token is in the query; a mailbox provider's form body is not read.
  'unsubscribe',
]);

/** Routes whose query is a strict contract (unknown parameters are refused). */
const queryRoutes = new Set<RouteKey>([
  'confirmEmail',
  'getUnsubscribe',
  'unsubscribe',
  'listMemberInvitations',
  'getMemberInvitation',
  'acceptMemberInvitation',
  'listMembers',
  'listFamilyInvitations',
  'getFamilyInvitation',
  'listAdvisorInvitations',
  'getAdvisorInvitation',
]);

/** Who sends a route's valid call (then mutated): the family's owner, unless the route is the advisor side's. */
const advisorRoutes = new Set<RouteKey>(['listFamilies', 'listDashboardFamilies', 'listFamilyMembers', 'getFamilyMember']);
const companyOwnerRoutes = new Set<RouteKey>([
  'createFamilyInvitation',
  'sendFamilyInvitationEmail',
  'listFamilyInvitations',
  'resendFamilyInvitation',
  'revokeFamilyInvitation',
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
    world.accounts.owner.client.call<'getOwnHistory', { next: string | null }>('getOwnHistory', { query: { limit: '1' } }),
    world.accounts.stranger.client.call<'getOwnHistory', { next: string | null }>('getOwnHistory', { query: { limit: '1' } }),
  ]);
  if (typeof feed.body.next !== 'string' || typeof strangerFeed.body.next !== 'string') throw new Error('a family history has no second page');
  historyCursor = feed.body.next;
  strangerHistoryCursor = strangerFeed.body.next;
  before = await comparableSnapshot();
}, 120_000);

function generatedCases(route: { name: string; method: string; path: string }): BadRequest[] {
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
    method: routeByName(key).method,
    path,
    // A write always carries JSON (without it: 415), even when the route reads no body.
    ...(body === undefined ? (routeByName(key).method === 'POST' || routeByName(key).method === 'PATCH' ? { rawBody: '{}' } : {}) : { rawBody: json(body) }),
    codes,
    cookie,
  });
  return [
    // ids of another tenant
    c('setCurrentEntity', routePath('setCurrentEntity'), [4], { id: w.strangerFamilyId }),
    c('updateUser', routePath('updateUser', { userId: stranger.userId }), [8], { firstName: 'Mallory' }),
    c('updateAddress', routePath('updateAddress', { id: w.strangerAddressId }), [4], {
      streetAddress: 'Evil Lane 1',
      city: 'Nowhere',
      postalCode: '12345',
      country: 'DE',
    }),
    c('updateEntityAddress', routePath('updateEntityAddress', { id: w.strangerFamilyAddressId }), [4], {
      streetAddress: 'Evil Lane 1',
      city: 'Nowhere',
      postalCode: '12345',
      country: 'DE',
      type: 'Shipping',
    }),
    c('getEntity', routePath('getEntity', { entityId: w.strangerFamilyId }), [4]),
    c('getEntityViaFamily', routePath('getEntityViaFamily', { entityId: w.otherCompanyId, familyId: w.familyId }), [4]),
    c('getNote', routePath('getNote', { entityId: w.strangerFamilyId }), [4]),
    c('createNote', routePath('createNote', { entityId: w.strangerFamilyId }), [4], { note: 'x' }),
    c('updateNote', routePath('updateNote', { entityId: w.strangerFamilyId }), [4], { note: 'x' }),
    // list-families-for-invite / list-advisor-companies-for-invite answer the same list for
    // any id (no probing which ids exist): tests/integration/accounts-abuse.test.ts.
    c('getEntityBySection', routePath('getEntityBySection', { sectionId: s.sectionId }), [4]),
    c('getWorkRelationMemberPermissions', routePath('getWorkRelationMemberPermissions', { entityId: w.strangerFamilyId }), [4]),
    c('createMemberInvitation', routePath('createMemberInvitation'), [16], { email: 'someone@example.com', entityRoleId: 99 }),
    c('createMemberInvitation', routePath('createMemberInvitation'), [16], { email: 'someone@example.com', entityRoleId: -1 }),
    c('sendMemberInvitationEmail', routePath('sendMemberInvitationEmail'), [4], { id: w.invitations.strangerMember.id }),
    c('resendMemberInvitation', routePath('resendMemberInvitation'), [4], { id: w.invitations.strangerMember.id }),
    c('revokeMemberInvitation', routePath('revokeMemberInvitation', { id: w.invitations.strangerMember.id }), [4]),
    c('getMember', routePath('getMember', { memberId: stranger.userId }), [4]),
    c('updateMember', routePath('updateMember', { memberId: stranger.userId }), [4], { companyPosition: 'Mole' }),
    c('updateMember', routePath('updateMember', { memberId: w.accounts.limited.userId }), [16], { entityRoleId: 99 }),
    c('removeMember', routePath('removeMember', { memberId: stranger.userId }), [4]),
    c('listCanvasUsers', routePath('listCanvasUsers', { entityId: w.strangerFamilyId }), [4]),
    c('listOwnersOf', routePath('listOwnersOf', { entityId: w.strangerFamilyId }), [4]),
    c('listOwnersViaFamily', routePath('listOwnersViaFamily', { entityId: w.otherCompanyId, familyId: w.familyId }), [4]),
    c('listAdvisorsOfFamily', routePath('listAdvisorsOfFamily', { familyId: w.strangerFamilyId }), [4], {}),
    c('getAdvisor', routePath('getAdvisor', { memberId: w.accounts.otherCompany.userId }), [4]),
    c('listFamilyMembers', routePath('listFamilyMembers'), [4], { filterBy: { entityId: w.strangerFamilyId } }, advisor),
    c('getFamilyMember', routePath('getFamilyMember', { memberId: stranger.userId }), [4], undefined, advisor),
    c('listAdvisorsNotForFamily', routePath('listAdvisorsNotForFamily', { entityId: w.strangerFamilyId }), [4]),
    c('sendFamilyInvitationEmail', routePath('sendFamilyInvitationEmail'), [4], { id: w.invitations.otherCompanyFamily.id }, companyOwner),
    c('resendFamilyInvitation', routePath('resendFamilyInvitation'), [4], { id: w.invitations.otherCompanyFamily.id }, companyOwner),
    c('revokeFamilyInvitation', routePath('revokeFamilyInvitation', { id: w.invitations.otherCompanyFamily.id }), [4], undefined, companyOwner),
    c('acceptFamilyInvitation', routePath('acceptFamilyInvitation'), [17], { token: w.invitations.familyLink.token, entityId: w.strangerFamilyId }),
    c('createAdvisorInvitation', routePath('createAdvisorInvitation'), [6], { email: 'advisor@example.com', canvasSections: [s.sectionId] }),
    c('sendAdvisorInvitationEmail', routePath('sendAdvisorInvitationEmail'), [4], { id: w.invitations.strangerAdvisor.id }),
    c('resendAdvisorInvitation', routePath('resendAdvisorInvitation'), [4], { id: w.invitations.strangerAdvisor.id }),
    c('revokeAdvisorInvitation', routePath('revokeAdvisorInvitation', { id: w.invitations.strangerAdvisor.id }), [4]),
    c('acceptAdvisorInvitation', routePath('acceptAdvisorInvitation'), [17], { token: w.invitations.advisorLink.token, entityId: w.otherCompanyId }),
    c('listCanvasAdvisorCompaniesOf', routePath('listCanvasAdvisorCompaniesOf', { id: w.strangerFamilyId }), [4]),
    c('listSectionAdvisorCompanies', routePath('listSectionAdvisorCompanies', { id: s.sectionId }), [4]),
    c('addWorkRelationMember', routePath('addWorkRelationMember', { entityId: w.strangerFamilyId }), [4], {
      memberId: w.accounts.advisorNone.userId,
      workRelationRoleId: 1,
    }),
    c('addWorkRelationMember', routePath('addWorkRelationMember', { entityId: w.familyId }), [4], { memberId: stranger.userId, workRelationRoleId: 1 }),
    c('updateWorkRelationMember', routePath('updateWorkRelationMember', { memberId: w.accounts.otherCompany.userId, entityId: w.familyId }), [4], {
      workRelationRoleId: 1,
    }),
    c('removeWorkRelationMember', routePath('removeWorkRelationMember', { memberId: w.accounts.advisorFull.userId, entityId: w.strangerFamilyId }), [4]),
    c('endWorkRelation', routePath('endWorkRelation', { entityId: w.otherCompanyId }), [4]),
    c('endWorkRelation', routePath('endWorkRelation', { entityId: w.strangerFamilyId }), [4]),
    c('endWorkRelation', routePath('endWorkRelation', { entityId: w.familyId }), [4]),
    c('getCanvasShares', routePath('getCanvasShares', { entityId: w.otherCompanyId }), [4]),
    c('updateCanvasShares', routePath('updateCanvasShares', { entityId: w.otherCompanyId }), [4], { canvasSections: [] }),
    c('updateCanvasShares', routePath('updateCanvasShares', { entityId: w.companySomeId }), [6], { canvasSections: [s.sectionId] }),
    c('updateCanvasShares', routePath('updateCanvasShares', { entityId: w.companySomeId }), [2], { canvasSections: [], accessUntil: '2001-01-01' }),
    c('updateCanvasShares', routePath('updateCanvasShares', { entityId: w.companySomeId }), [2], { canvasSections: [], accessUntil: '2030-02-30' }),
    c('getCanvas', routePath('getCanvas', { familyId: w.strangerFamilyId }), [4]),
    c('getSection', routePath('getSection', { id: s.sectionId }), [4]),
    c('getCategory', routePath('getCategory', { id: s.categoryId }), [4]),
    c('createAnswer', routePath('createAnswer', { questionId: s.questionId }), [4], { questionId: s.questionId, text: 'Sneaky' }),
    c('createAnswer', routePath('createAnswer', { questionId: w.openQuestionId }), [6], { questionId: s.questionId, text: 'Sneaky' }),
    c('updateAnswer', routePath('updateAnswer', { id: s.answer }), [4], { text: 'Sneaky' }),
    c('deleteAnswer', routePath('deleteAnswer', { id: s.answer }), [4]),
    c('addAnswerVote', routePath('addAnswerVote', { answerId: s.answer }), [4]),
    c('removeAnswerVote', routePath('removeAnswerVote', { answerId: s.answer }), [4]),
    c('createTakeaway', routePath('createTakeaway', { categoryId: s.categoryId }), [4], { title: 'Sneaky', categoryId: s.categoryId }),
    c('createTakeaway', routePath('createTakeaway', { categoryId: w.categoryId }), [6], { title: 'Sneaky', categoryId: s.categoryId }),
    c('createTakeaway', routePath('createTakeaway', { categoryId: w.categoryId }), [4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      linkedGoalIds: [s.goal],
    }),
    c('createTakeaway', routePath('createTakeaway', { categoryId: w.categoryId }), [2, 4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      initiatorId: stranger.userId,
    }),
    c('updateTakeaway', routePath('updateTakeaway', { id: s.takeaway }), [4], { title: 'Sneaky' }),
    c('updateTakeaway', routePath('updateTakeaway', { id: w.targets.updateTakeaway }), [4, 6], { title: 'Sneaky', linkedGoalIds: [s.goal] }),
    c('archiveTakeaway', routePath('archiveTakeaway', { id: s.takeaway }), [4], { archived: true }),
    c('deleteTakeaway', routePath('deleteTakeaway', { id: s.takeaway }), [4]),
    c('addTakeawayVote', routePath('addTakeawayVote', { takeawayId: s.takeaway }), [4]),
    c('removeTakeawayVote', routePath('removeTakeawayVote', { takeawayId: s.takeaway }), [4]),
    c('createGoal', routePath('createGoal', { categoryId: s.categoryId }), [4], { title: 'Sneaky', categoryId: s.categoryId }),
    c('createGoal', routePath('createGoal', { categoryId: w.categoryId }), [4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      linkedActionPointIds: [s.actionPoint],
    }),
    c('updateGoal', routePath('updateGoal', { id: s.goal }), [4], { title: 'Sneaky' }),
    c('completeGoal', routePath('completeGoal', { id: s.goal }), [4], { completed: true }),
    c('deleteGoal', routePath('deleteGoal', { id: s.goal }), [4]),
    c('createActionPoint', routePath('createActionPoint', { categoryId: s.categoryId }), [4], {
      title: 'Sneaky',
      categoryId: s.categoryId,
    }),
    c('createActionPoint', routePath('createActionPoint', { categoryId: w.categoryId }), [2, 4, 6], {
      title: 'Sneaky',
      categoryId: w.categoryId,
      assigneeId: stranger.userId,
    }),
    c('updateActionPoint', routePath('updateActionPoint', { id: s.actionPoint }), [4], { title: 'Sneaky' }),
    c('completeActionPoint', routePath('completeActionPoint', { id: s.actionPoint }), [4], { completed: true }),
    c('deleteActionPoint', routePath('deleteActionPoint', { id: s.actionPoint }), [4]),
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
    ].map((body) => c('listDashboardFamilies', routePath('listDashboardFamilies'), [6], body, advisor)),
    // Passkeys: well-formed answers that verify nothing (no challenge of ours) change nothing but the sign-in counters.
    c('registerPasskey', routePath('registerPasskey'), [96], {
      label: 'Junk',
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} },
    }),
    c('signInWithPasskey', routePath('signInWithPasskey'), [95], {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'AA' },
        clientExtensionResults: {},
      },
    }),
    c('renamePasskey', routePath('renamePasskey', { id: '0'.repeat(32) }), [4], { label: 'Nobody’s' }),
    c('removePasskey', routePath('removePasskey', { id: '0'.repeat(32) }), [4]),
    c('createEntity', routePath('createEntity'), [11], { entityTypeId: 3, entityName: 'Third Kind' }),
    c('createEntity', routePath('createEntity'), [11], { entityTypeId: -1, entityName: 'Negative Kind' }),
    c('signUp', routePath('signUp'), [11], {
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
const cursorRoutes = new Set<RouteKey>(['getOwnHistory', 'getHistory', 'getAccessLog', 'getCompanyAccessLog']);
const periodRoutes = new Set<RouteKey>(['getAccessLog', 'getAccessLogCsv', 'getCompanyAccessLog']);
/** Real cursors of the family's and another family's history feed (GET /api/canvas/history, page size 1), read in beforeAll. */
let historyCursor: string;
let strangerHistoryCursor: string;

function cursorCases(route: { name: string; method: string; path: string }): BadRequest[] {
  const key = routeKeyOf(route);
  const base = baseCalls.get(key);
  if (!base) throw new Error(`no call for ${key}`);
  const path = base.call.path.split('?')[0]!;
  const cookie = key === 'getCompanyAccessLog' ? world.companyAllOwner.client.cookieHeader() : base.cookie;
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
    if (key !== 'getOwnHistory' && key !== 'getHistory') cursors.push(historyCursor);
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
    expect(Object.keys(bodySchemas).filter((key) => !writes.includes(key as RouteKey))).toEqual([]);
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
