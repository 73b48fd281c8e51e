import type { ActionPoint, Answer, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { IdResponse } from '../../shared/contracts/common';
import type { HistoryPage } from '../../shared/contracts/history';
import type { SignupResponse } from '../../shared/contracts/auth';
import { EntityRole, EntityType, WorkRelationRole } from '../../shared/enums';
import { allRoutes } from '../../shared/routes';
import { getMember } from '../../functions/records/members';
import { toSessionMembership } from '../../functions/domain/access/memberships';
import { startSession } from '../../functions/domain/sessions/session';
import { unsubscribeTokenFor } from '../../functions/domain/notifications/unsubscribe-token';
import { confirmationTokenFor, hashPassword, linkParameter, newSalt, signUpAndConfirm, signupBody } from './accounts';
import { advisorCompanyFor, memberOf } from './canvas';
import { uniqueEmail, type ApiClient } from './integration';
import { addPasskey, integrationOrigin, passkeyAssertion, SoftAuthenticator } from './passkeys';
import { questionPicker, secrets, type ActorName, type Call, type SecurityWorld, type SignedInActor } from './security-world';

/**
 * One valid request per manifest route (`${method} ${path}`), built from the prepared
 * world for a given actor: the same target for everyone, except where a call consumes
 * its target (deletes, revokes, removals, single-use tokens, sign-out), which gets a
 * fresh one per actor so that no case spoils another. Used by the authorization matrix
 * (every actor) and the bad-input suite (one authorised actor, then mutated).
 */

export type RouteKey = string;
export type CallBuilder = (actor: ActorName) => Call | Promise<Call>;

export const routeKeyOf = (route: { method: string; path: string }): RouteKey => `${route.method} ${route.path}`;
export const manifestKeys = (): RouteKey[] => allRoutes().map(routeKeyOf);

const sampleAddress = { streetAddress: 'Lime Street 1', city: 'London', postalCode: 'EC3M 7HA', country: 'GB' };

async function created<T>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const response = await client.post<T>(path, body);
  if (response.status !== 201) throw new Error(`setup POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * A second session of the account, to end: started the way sign-in starts one (without
 * its password check, which the sign-in row covers), with the entity the account acts for.
 */
async function freshSessionCookie(world: SecurityWorld, actor: SignedInActor): Promise<string> {
  const account = world.accounts[actor];
  const member = await getMember(account.entityId, account.userId);
  const { cookie } = await startSession(account.userId, member ? toSessionMembership(member) : null);
  return cookie.split(';')[0]!;
}

/** The id (as the sessions API shows it) of a second session of the account. */
export async function freshSessionId(world: SecurityWorld, actor: SignedInActor): Promise<string> {
  const account = world.accounts[actor];
  const { session } = await startSession(account.userId, null);
  return session.sessionId;
}

/** An unconfirmed account of its own, with the token of its confirmation e-mail. */
async function unconfirmedAccount(world: SecurityWorld): Promise<{ email: string; token: string; userId: string }> {
  const body = signupBody({ createEntityName: 'Throwaway Family' });
  const response = await world.stack.client().post<SignupResponse>('/api/auth/signup', body);
  if (response.status !== 201) throw new Error(`signup: ${response.status}`);
  return { email: body.email, token: await confirmationTokenFor(world.stack, body.email), userId: response.body.idToken };
}

let setupAddresses = 0;
/** A fresh loopback address for a setup call (127.0.5.1, 127.0.5.2 …). */
function nextSetupAddress(): string {
  setupAddresses += 1;
  return `127.0.${5 + Math.floor(setupAddresses / 250)}.${(setupAddresses % 250) + 1}`;
}

async function resetTokenFor(world: SecurityWorld, email: string): Promise<string> {
  const known = (await world.stack.emailsTo(email)).length;
  // From an address of its own: anonymous reset mail is limited per client (functions/lib/limits/mail.ts).
  const sent = await world.stack.client({ sourceAddress: nextSetupAddress() }).post('/api/password/send-reset', { email });
  if (sent.status !== 200) throw new Error(`send-reset: ${sent.status}`);
  // Other calls of the same setup mail this account too (a passkey added, …): wait for the reset mail itself.
  const reset = await world.stack.waitForEmailTo(email, { skip: known, containing: '/reset-password' });
  return linkParameter(reset.body.text, '/reset-password', 'token');
}

/** A registration answer to a challenge the actor's own session asked for (the owner's for the anonymous caller). */
async function registrationAnswer(world: SecurityWorld, actor: ActorName) {
  const client = accountOf(world, actor).client;
  const options = await client.post<Parameters<SoftAuthenticator['register']>[0]>('/api/mfa/passkey/register/options');
  if (options.status !== 200) throw new Error(`register/options: ${options.status}`);
  return new SoftAuthenticator({ origin: integrationOrigin }).register(options.body);
}

/** A new passkey of the actor's own, to rename or remove (a well-formed id of nobody's for the anonymous caller). */
async function ownPasskeyId(world: SecurityWorld, actor: ActorName): Promise<string> {
  if (actor === 'anonymous') return '0'.repeat(32);
  return (await addPasskey(world.accounts[actor].client, new SoftAuthenticator({ origin: integrationOrigin }), 'To change')).id;
}

let passkeyAccount: Promise<SoftAuthenticator> | undefined;
/** An assertion of the passkey of an account made for it; each call a fresh challenge (they are single use). */
async function passkeySignin(world: SecurityWorld) {
  passkeyAccount ??= (async () => {
    const { client } = await signUpAndConfirm(world.stack, { createEntityName: 'Passkey Family' });
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin, countsSignatures: false });
    await addPasskey(client, authenticator, 'Matrix sign-in');
    return authenticator;
  })();
  const authenticator = await passkeyAccount;
  return passkeyAssertion(world.stack.client({ sourceAddress: nextSetupAddress() }), authenticator);
}

/** The actor's account, or the owner's for the anonymous caller (whose body never matters). */
function accountOf(world: SecurityWorld, actor: ActorName) {
  return world.accounts[actor === 'anonymous' ? 'owner' : actor];
}

export function buildRouteCalls(world: SecurityWorld): Record<RouteKey, CallBuilder> {
  const { familyId, targets, invitations } = world;
  const owner = world.accounts.owner;
  const full = world.accounts.full;
  const nextQuestion = questionPicker(world);
  const fixed =
    (call: Call): CallBuilder =>
    () =>
      call;
  const byFull = {
    answer: async () => {
      const questionId = nextQuestion();
      return (await created<Answer>(full.client, `/api/canvas-answer/create/${questionId}`, { questionId, text: `To delete ${secrets.unshared}` })).id;
    },
    takeaway: async () =>
      (
        await created<Takeaway>(full.client, `/api/canvas-takeaway/create/${world.categoryId}`, {
          title: `To delete ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id,
    goal: async () =>
      (
        await created<Goal>(full.client, `/api/canvas-goal/create/${world.categoryId}`, {
          title: `To delete ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id,
    actionPoint: async () =>
      (
        await created<ActionPoint>(full.client, `/api/canvas-action-point/create/${world.categoryId}`, {
          title: `To delete ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id,
  };
  /** Owner and admin get a target each (both may consume it); everybody else shares one. */
  const perConsumer = <T>(make: () => Promise<T>) => {
    const shared = new Map<string, Promise<T>>();
    return (actor: ActorName) => {
      const key = actor === 'owner' || actor === 'admin' ? actor : 'others';
      if (!shared.has(key)) shared.set(key, make());
      return shared.get(key)!;
    };
  };
  const memberInvitationToRevoke = perConsumer(
    async () =>
      (await created<IdResponse>(owner.client, '/api/member-invitation/create', { email: uniqueEmail('revoke'), entityRoleId: EntityRole.LimitedMember })).id,
  );
  const advisorInvitationToRevoke = perConsumer(
    async () => (await created<IdResponse>(owner.client, '/api/advisor-invitation/create', { email: uniqueEmail('revoke'), canvasSections: [] })).id,
  );
  const familyInvitationToRevoke = async () =>
    (await created<IdResponse>(world.companyAllOwner.client, '/api/family-invitation/create', { email: uniqueEmail('revoke') })).id;
  /** One unconfirmed account per caller: its confirmation link, then a reset link. */
  const throwaways = new Map<ActorName, ReturnType<typeof unconfirmedAccount>>();
  const throwawayOf = (actor: ActorName) => {
    if (!throwaways.has(actor)) throwaways.set(actor, unconfirmedAccount(world));
    return throwaways.get(actor)!;
  };
  let ownerReset: Promise<string> | undefined;
  const ownerResetToken = () => (ownerReset ??= resetTokenFor(world, owner.email));
  const memberToRemove = perConsumer(async () => (await memberOf(world.stack, owner, EntityRole.LimitedMember, 'Victim')).userId);

  const calls: Record<RouteKey, CallBuilder> = {
    // ---- contact form, auth, e-mail confirmation, password --------------------------------
    // A sender address per caller: the contact form allows 5 messages an hour per address (lib/limits/mail.ts).
    'POST /api/contact-form': () => ({
      path: '/api/contact-form',
      body: { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('contact'), subject: 'A question', message: 'How does the canvas work?' },
    }),
    'POST /api/auth/salt': fixed({ path: '/api/auth/salt', body: { email: owner.email } }),
    'POST /api/auth/signup': () => ({ path: '/api/auth/signup', body: signupBody({ createEntityName: 'Signup Family' }) }),
    'POST /api/auth/signin': (() => {
      // A sign-in of an account of its own: the answer's cookie is dropped (sendAs keeps the actor's).
      let login: Promise<{ email: string; password: string }> | undefined;
      return async () => {
        login ??= (async () => {
          const salt = newSalt();
          const body = signupBody({ salt, createEntityName: 'Signin Family' });
          const client = world.stack.client();
          await client.post('/api/auth/signup', body);
          const token = await confirmationTokenFor(world.stack, body.email);
          await client.get(`/api/email-confirmation?token=${encodeURIComponent(token)}`);
          return { email: body.email, password: body.password };
        })();
        return { path: '/api/auth/signin', body: await login };
      };
    })(),
    'POST /api/auth/signout': async (actor) => ({ path: '/api/auth/signout', cookie: actor === 'anonymous' ? null : await freshSessionCookie(world, actor) }),
    'POST /api/auth/set-current-entity': fixed({ path: '/api/auth/set-current-entity', body: { id: familyId } }),
    // No password step before it: nobody has a pending sign-in cookie (89).
    'POST /api/auth/signin/mfa': fixed({ path: '/api/auth/signin/mfa', body: { email: owner.email, code: '123456' } }),
    'POST /api/auth/reauthenticate': async (actor) => {
      if (actor === 'anonymous') return { path: '/api/auth/reauthenticate', body: { password: hashPassword('Anything-1', newSalt()) } };
      const account = accountOf(world, actor);
      const { body: current } = await world.stack.client().post<{ salt: string }>('/api/auth/salt', { email: account.email });
      return { path: '/api/auth/reauthenticate', body: { password: hashPassword(account.plainPassword, current.salt) } };
    },
    // ---- two-factor sign-in (docs/product/sessions-and-sign-in.md#two-factor-sign-in) ------------------------------------------------------
    'GET /api/mfa/status': fixed({ path: '/api/mfa/status' }),
    'POST /api/mfa/totp/setup': fixed({ path: '/api/mfa/totp/setup', body: {} }),
    // A setup first, then a code that is not the app's (90): nobody's TOTP is turned on here,
    // so later rows still sign in with a password only.
    'POST /api/mfa/totp/enable': async (actor) => {
      if (actor !== 'anonymous') await accountOf(world, actor).client.post('/api/mfa/totp/setup', {});
      return { path: '/api/mfa/totp/enable', body: { code: '000000' } };
    },
    // Nobody has TOTP on: 94 after the (recent) re-authentication check.
    'POST /api/mfa/totp/disable': fixed({ path: '/api/mfa/totp/disable', body: { code: '123456' } }),
    'GET /api/entities/two-factor-policy': fixed({ path: '/api/entities/two-factor-policy' }),
    // Off, so nobody is locked out of a company by this row.
    'PUT /api/entities/two-factor-policy': fixed({ path: '/api/entities/two-factor-policy', body: { requireTwoFactor: false } }),
    'GET /api/email-confirmation': async (actor) => ({ path: `/api/email-confirmation?token=${encodeURIComponent((await throwawayOf(actor)).token)}` }),
    'POST /api/email-confirmation/resend-confirmation-link': fixed({ path: '/api/email-confirmation/resend-confirmation-link', body: {} }),
    // Each caller's own address: reset mails are limited to 5 an hour per address (lib/limits/mail.ts).
    'POST /api/password/send-reset': (actor) => ({ path: '/api/password/send-reset', body: { email: accountOf(world, actor).email } }),
    'POST /api/password/reset': async (actor) => {
      const account = await throwawayOf(actor);
      const salt = newSalt();
      return {
        path: '/api/password/reset',
        body: { email: account.email, token: await resetTokenFor(world, account.email), password: hashPassword('New-Secret9', salt), salt },
      };
    },
    // Checking never uses the link up: one owner's link serves every caller.
    'POST /api/password/check-reset': async () => ({ path: '/api/password/check-reset', body: { email: owner.email, token: await ownerResetToken() } }),
    // A link nobody was sent: refused as such (20) for every caller, nothing changes.
    'POST /api/password/not-me': fixed({ path: '/api/password/not-me', body: { token: 'not-a-token-anybody-was-sent' } }),
    // Each caller's own address (recovery mails are limited per address).
    'POST /api/password/factor-recovery/request': (actor) => ({
      path: '/api/password/factor-recovery/request',
      body: { email: accountOf(world, actor).email },
    }),
    'POST /api/password/factor-recovery/status': fixed({
      path: '/api/password/factor-recovery/status',
      body: { email: owner.email, token: 'not-a-token-anybody-was-sent' },
    }),
    'POST /api/password/factor-recovery/start': fixed({
      path: '/api/password/factor-recovery/start',
      body: { email: owner.email, token: 'not-a-token-anybody-was-sent' },
    }),
    'POST /api/password/factor-recovery/complete': fixed({
      path: '/api/password/factor-recovery/complete',
      body: { email: owner.email, token: 'not-a-token-anybody-was-sent' },
    }),
    'POST /api/password/factor-recovery/cancel': fixed({ path: '/api/password/factor-recovery/cancel', body: { token: 'not-a-token-anybody-was-sent' } }),
    'PATCH /api/password/change': async (actor) => {
      // The same password with a new salt: the account keeps working with its plain password.
      const account = accountOf(world, actor);
      const { body: current } = await world.stack.client().post<{ salt: string }>('/api/auth/salt', { email: account.email });
      const salt = newSalt();
      return {
        path: '/api/password/change',
        body: { password: hashPassword(account.plainPassword, current.salt), newPassword: hashPassword(account.plainPassword, salt), salt },
      };
    },

    // ---- user ------------------------------------------------------------------------------
    'GET /api/user/profile': fixed({ path: '/api/user/profile' }),
    'PATCH /api/user/{userId}': fixed({ path: `/api/user/${owner.userId}`, body: { firstName: owner.user.firstName } }),
    'GET /api/user/prefixes': fixed({ path: '/api/user/prefixes' }),
    'POST /api/user/address': fixed({ path: '/api/user/address', body: sampleAddress }),
    'PATCH /api/user/address/{id}': fixed({ path: `/api/user/address/${world.ownerAddressId}`, body: sampleAddress }),
    'POST /api/user/privacy': fixed({ path: '/api/user/privacy', body: { email: 10, phone: 10, address: 10 } }),
    'GET /api/user/sessions': fixed({ path: '/api/user/sessions' }),
    // A second session of the caller's own, to end (the anonymous caller names any id).
    'DELETE /api/user/sessions/{id}': async (actor) => ({ path: `/api/user/sessions/${actor === 'anonymous' ? 'abc' : await freshSessionId(world, actor)}` }),
    // Ends the caller's other sessions; the one the caller acts with stays.
    'POST /api/user/sessions/revoke-others': fixed({ path: '/api/user/sessions/revoke-others' }),
    // ---- passkeys -----------------------------------------------------------------------------
    'POST /api/mfa/passkey/register/options': fixed({ path: '/api/mfa/passkey/register/options' }),
    // Each caller answers a challenge of their own with a new passkey (the anonymous caller's body never matters).
    'POST /api/mfa/passkey/register': async (actor) => ({
      path: '/api/mfa/passkey/register',
      body: { label: 'Matrix key', response: await registrationAnswer(world, actor) },
    }),
    'GET /api/mfa/passkeys': fixed({ path: '/api/mfa/passkeys' }),
    // A passkey of the caller's own (another user's answers 4: tests/integration/passkeys.test.ts).
    'POST /api/mfa/passkey/{id}': async (actor) => ({ path: `/api/mfa/passkey/${await ownPasskeyId(world, actor)}`, body: { label: 'Renamed key' } }),
    'DELETE /api/mfa/passkey/{id}': async (actor) => ({ path: `/api/mfa/passkey/${await ownPasskeyId(world, actor)}` }),
    'POST /api/auth/passkey/options': fixed({ path: '/api/auth/passkey/options' }),
    // A sign-in with the passkey of an account of its own (a counter-less one: callers answer at once, in any order).
    'POST /api/auth/passkey': async () => ({ path: '/api/auth/passkey', body: { response: await passkeySignin(world) } }),
    'GET /api/user/notifications': fixed({ path: '/api/user/notifications' }),
    'PUT /api/user/notifications': fixed({ path: '/api/user/notifications', body: { digest: 'daily', timeZone: 'Europe/Berlin' } }),
    // The digest's unsubscribe link of the family's owner: the token is the proof, whoever sends it.
    'GET /api/unsubscribe': async () => ({ path: `/api/unsubscribe?token=${await unsubscribeTokenFor(world.accounts.owner.userId)}` }),
    'POST /api/unsubscribe': async () => ({ path: `/api/unsubscribe?token=${await unsubscribeTokenFor(world.accounts.owner.userId)}` }),
    'GET /api/privacy-settings': fixed({ path: '/api/privacy-settings' }),
    'GET /api/addresses/countries': fixed({ path: '/api/addresses/countries' }),

    // ---- entities ----------------------------------------------------------------------------
    'GET /api/entities': fixed({ path: '/api/entities' }),
    'POST /api/entities': fixed({ path: '/api/entities', body: { entityTypeId: EntityType.AdvisorCompany, entityName: 'Side Company' } }),
    'PATCH /api/entities/update': fixed({ path: '/api/entities/update', body: { phone: '+41 44 000 00 00' } }),
    // The family has its shipping address (the world's); a billing one is added once.
    'POST /api/entities/address': fixed({ path: '/api/entities/address', body: { ...sampleAddress, type: 'Billing' } }),
    'PATCH /api/entities/address/{id}': fixed({ path: `/api/entities/address/${world.familyAddressId}`, body: { ...sampleAddress, type: 'Shipping' } }),
    'GET /api/entities/{entityId}': fixed({ path: `/api/entities/${familyId}` }),
    'GET /api/entities/{entityId}/{familyId}': fixed({ path: `/api/entities/${world.companySomeId}/${familyId}` }),
    'GET /api/entities/notes/{entityId}': fixed({ path: `/api/entities/notes/${familyId}` }),
    // The family keeps one note about each company: owner and admin each write a new one.
    'POST /api/entities/notes/{entityId}': (actor) => ({
      path: `/api/entities/notes/${actor === 'owner' ? world.companyAllId : actor === 'admin' ? world.companySomeId : familyId}`,
      body: { note: '<p>Private</p>' },
    }),
    'PATCH /api/entities/notes/{entityId}': fixed({ path: `/api/entities/notes/${familyId}`, body: { note: `<p>Our own notes ${secrets.familyNote}</p>` } }),
    'GET /api/entities/list-families-for-invite/{inviterId}': fixed({ path: `/api/entities/list-families-for-invite/${world.companyAllId}` }),
    'GET /api/entities/list-advisor-companies-for-invite/{inviterId}': fixed({ path: `/api/entities/list-advisor-companies-for-invite/${familyId}` }),
    'GET /api/entities/get-by-section/{sectionId}': fixed({ path: `/api/entities/get-by-section/${world.unsharedSectionId}` }),

    // ---- authorization -----------------------------------------------------------------------
    'GET /api/authorization/member-roles': fixed({ path: '/api/authorization/member-roles' }),
    'GET /api/authorization/work-relation-roles': fixed({ path: '/api/authorization/work-relation-roles' }),
    'GET /api/authorization/work-relation-member-permissions/{entityId}': fixed({ path: `/api/authorization/work-relation-member-permissions/${familyId}` }),

    // ---- member invitations ------------------------------------------------------------------
    'POST /api/member-invitation/create': () => ({
      path: '/api/member-invitation/create',
      body: { email: uniqueEmail('invitee'), entityRoleId: EntityRole.LimitedMember },
    }),
    'POST /api/member-invitation/send-email': fixed({ path: '/api/member-invitation/send-email', body: { id: invitations.member.id } }),
    'GET /api/member-invitation/list': fixed({ path: '/api/member-invitation/list' }),
    'POST /api/member-invitation/resend': fixed({ path: '/api/member-invitation/resend', body: { id: invitations.member.id } }),
    'DELETE /api/member-invitation/revoke/{id}': async (actor) => ({ path: `/api/member-invitation/revoke/${await memberInvitationToRevoke(actor)}` }),
    'GET /api/member-invitation': fixed({ path: `/api/member-invitation?token=${encodeURIComponent(invitations.memberLink.token)}` }),
    // The link is addressed to someone outside the world: nobody here may accept it.
    'GET /api/member-invitation/accept': fixed({ path: `/api/member-invitation/accept?token=${encodeURIComponent(invitations.memberLink.token)}` }),

    // ---- entity members ----------------------------------------------------------------------
    'GET /api/entity-member/owners': fixed({ path: '/api/entity-member/owners' }),
    'GET /api/entity-member/members': fixed({ path: '/api/entity-member/members' }),
    'GET /api/entity-member/list-canvas-users/{entityId}': fixed({ path: `/api/entity-member/list-canvas-users/${familyId}` }),
    'GET /api/entity-member/owners/{entityId}': fixed({ path: `/api/entity-member/owners/${familyId}` }),
    'GET /api/entity-member/owners/{entityId}/{familyId}': fixed({ path: `/api/entity-member/owners/${world.companySomeId}/${familyId}` }),
    'POST /api/entity-member/list-advisors': fixed({ path: '/api/entity-member/list-advisors', body: {} }),
    'POST /api/entity-member/list-advisors/{familyId}': fixed({ path: `/api/entity-member/list-advisors/${familyId}`, body: {} }),
    'GET /api/entity-member/advisor/{memberId}': fixed({ path: `/api/entity-member/advisor/${world.accounts.advisorFull.userId}` }),
    'POST /api/entity-member/list-family-members': fixed({ path: '/api/entity-member/list-family-members', body: { filterBy: { entityId: familyId } } }),
    'GET /api/entity-member/family-member/{memberId}': fixed({ path: `/api/entity-member/family-member/${world.accounts.limited.userId}` }),
    'GET /api/entity-member/list-advisors-not-for-family/{entityId}': fixed({ path: `/api/entity-member/list-advisors-not-for-family/${familyId}` }),
    'GET /api/entity-member/{memberId}': fixed({ path: `/api/entity-member/${full.userId}` }),
    'POST /api/entity-member/{memberId}': fixed({ path: `/api/entity-member/${full.userId}`, body: { companyPosition: 'Treasurer' } }),
    'DELETE /api/entity-member/{memberId}': async (actor) => ({ path: `/api/entity-member/${await memberToRemove(actor)}` }),

    // ---- family invitations (an advisor company invites a family) ----------------------------
    'POST /api/family-invitation/create': () => ({ path: '/api/family-invitation/create', body: { email: uniqueEmail('family') } }),
    'POST /api/family-invitation/send-email': fixed({ path: '/api/family-invitation/send-email', body: { id: invitations.family.id } }),
    'GET /api/family-invitation/list': fixed({ path: '/api/family-invitation/list' }),
    'POST /api/family-invitation/resend': fixed({ path: '/api/family-invitation/resend', body: { id: invitations.family.id } }),
    'DELETE /api/family-invitation/revoke/{id}': async () => ({ path: `/api/family-invitation/revoke/${await familyInvitationToRevoke()}` }),
    'GET /api/family-invitation': fixed({ path: `/api/family-invitation?token=${encodeURIComponent(invitations.familyLink.token)}` }),
    'POST /api/family-invitation/accept': (actor) => ({
      path: '/api/family-invitation/accept',
      body: { token: invitations.familyLink.token, entityId: accountOf(world, actor).entityId },
    }),

    // ---- advisor invitations (a family invites an advisor company) ---------------------------
    // Sections of the family's canvas; the stranger's family offers all of its own.
    'POST /api/advisor-invitation/create': (actor) => ({
      path: '/api/advisor-invitation/create',
      body: { email: uniqueEmail('advisor'), canvasSections: actor === 'stranger' ? [] : [world.sharedSectionId] },
    }),
    'POST /api/advisor-invitation/send-email': fixed({ path: '/api/advisor-invitation/send-email', body: { id: invitations.advisor.id } }),
    'GET /api/advisor-invitation/list': fixed({ path: '/api/advisor-invitation/list' }),
    'POST /api/advisor-invitation/resend': fixed({ path: '/api/advisor-invitation/resend', body: { id: invitations.advisor.id } }),
    'DELETE /api/advisor-invitation/revoke/{id}': async (actor) => ({ path: `/api/advisor-invitation/revoke/${await advisorInvitationToRevoke(actor)}` }),
    'GET /api/advisor-invitation': fixed({ path: `/api/advisor-invitation?token=${encodeURIComponent(invitations.advisorLink.token)}` }),
    'POST /api/advisor-invitation/accept': (actor) => ({
      path: '/api/advisor-invitation/accept',
      body: { token: invitations.advisorLink.token, entityId: accountOf(world, actor).entityId },
    }),

    // ---- work relations ------------------------------------------------------------------------
    'POST /api/work-relation/list-advisor-companies': fixed({ path: '/api/work-relation/list-advisor-companies', body: { orderBy: 'entityName' } }),
    'POST /api/work-relation/list-families': fixed({ path: '/api/work-relation/list-families', body: { orderBy: 'entityName' } }),
    'POST /api/work-relation/list-dashboard-families': fixed({ path: '/api/work-relation/list-dashboard-families', body: { limit: 10, offset: 0 } }),
    'GET /api/work-relation/list-canvas-advisor-companies': fixed({ path: '/api/work-relation/list-canvas-advisor-companies' }),
    'GET /api/work-relation/list-canvas-advisor-companies/{id}': fixed({ path: `/api/work-relation/list-canvas-advisor-companies/${familyId}` }),
    'GET /api/work-relation/list-section-advisor-companies/{id}': fixed({
      path: `/api/work-relation/list-section-advisor-companies/${world.unsharedSectionId}`,
    }),
    // Roles as the world has them: an allowed call changes nothing.
    'POST /api/work-relation-member/{entityId}': fixed({
      path: `/api/work-relation-member/${familyId}`,
      body: { memberId: world.accounts.advisorNone.userId, workRelationRoleId: WorkRelationRole.None },
    }),
    'POST /api/work-relation-member/update/{memberId}/{entityId}': fixed({
      path: `/api/work-relation-member/update/${world.accounts.advisorFull.userId}/${familyId}`,
      body: { workRelationRoleId: WorkRelationRole.Full },
    }),
    'DELETE /api/work-relation-member/{memberId}/{entityId}': fixed({ path: `/api/work-relation-member/${world.accounts.advisorNone.userId}/${familyId}` }),
    // Family-side callers (and the stranger) name a fresh company working for the family: an allowed call ends that relation only.
    'DELETE /api/work-relation/{entityId}': async (actor) => ({
      path: `/api/work-relation/${['owner', 'admin', 'full', 'limited', 'stranger'].includes(actor) ? (await advisorCompanyFor(world.stack, familyId, [], `Parting ${actor}`)).entityId : familyId}`,
    }),
    'GET /api/canvas-shares/{entityId}': fixed({ path: `/api/canvas-shares/${world.companySomeId}` }),
    'PATCH /api/canvas-shares/{entityId}': (actor) => ({
      path: `/api/canvas-shares/${world.companySomeId}`,
      body: { canvasSections: actor === 'stranger' ? [] : [world.sharedSectionId] },
    }),

    // ---- canvas --------------------------------------------------------------------------------
    'POST /api/canvas/create': fixed({ path: '/api/canvas/create' }),
    'GET /api/canvas': fixed({ path: '/api/canvas' }),
    'GET /api/canvas/{familyId}': fixed({ path: `/api/canvas/${familyId}` }),
    'PATCH /api/canvas': (actor) => ({
      // Each family keeps its own title.
      path: '/api/canvas',
      body: { title: actor === 'stranger' ? 'Stranger Family Canvas' : 'Matrix Family Canvas' },
    }),
    'PATCH /api/canvas/reset': fixed({ path: '/api/canvas/reset' }),
    'GET /api/canvas/section/{id}': fixed({ path: `/api/canvas/section/${world.unsharedSectionId}` }),
    'GET /api/canvas/history': fixed({ path: '/api/canvas/history' }),
    'GET /api/canvas/history/{familyId}': fixed({ path: `/api/canvas/history/${familyId}` }),
    'POST /api/canvas/history/{eventId}/revert': async () => {
      // A fresh change by the full member for every caller: its create event is the target.
      const id = (
        await created<Takeaway>(full.client, `/api/canvas-takeaway/create/${world.categoryId}`, {
          title: `To undo ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id;
      const history = await full.client.get<HistoryPage>(`/api/canvas/history?userId=${world.accounts.full.userId}&itemType=takeaway&limit=100`);
      const event = history.body.results.find((candidate) => candidate.itemId === id && candidate.action === 'created');
      if (!event) throw new Error(`setup: no create event for ${id}`);
      return { path: `/api/canvas/history/${event.id}/revert?familyId=${familyId}` };
    },
    'POST /api/canvas/history/{eventId}/restore': async () => {
      // A fresh takeaway by the full member for every caller: "restore" its first version.
      const item = await created<Takeaway>(full.client, `/api/canvas-takeaway/create/${world.categoryId}`, {
        title: `To restore ${secrets.unshared}`,
        categoryId: world.categoryId,
      });
      const history = await full.client.get<HistoryPage>(`/api/canvas/history?itemId=${item.id}`);
      const event = history.body.results.find((candidate) => candidate.action === 'created');
      if (!event) throw new Error(`setup: no create event for ${item.id}`);
      return { path: `/api/canvas/history/${event.id}/restore?familyId=${familyId}`, body: { version: item.version } };
    },
    'GET /api/canvas/access-log': fixed({ path: '/api/canvas/access-log' }),
    'GET /api/canvas/access-log.csv': fixed({ path: '/api/canvas/access-log.csv' }),
    'GET /api/entities/access-log': fixed({ path: '/api/entities/access-log' }),
    'GET /api/canvas/category/{id}': fixed({ path: `/api/canvas/category/${world.categoryId}` }),
    'POST /api/canvas/plan-book': fixed({ path: '/api/canvas/plan-book', body: {} }),
    'POST /api/canvas/plan-book/{familyId}': fixed({ path: `/api/canvas/plan-book/${familyId}`, body: {} }),
    'POST /api/canvas-answer/create/{questionId}': fixed({
      path: `/api/canvas-answer/create/${world.openQuestionId}`,
      body: { questionId: world.openQuestionId, text: `My answer ${secrets.unshared}` },
    }),
    'PATCH /api/canvas-answer/{id}': fixed({
      path: `/api/canvas-answer/${targets.updateAnswer}`,
      body: { text: `An answer by the full member ${secrets.unshared}` },
    }),
    'DELETE /api/canvas-answer/{id}': async () => ({ path: `/api/canvas-answer/${await byFull.answer()}` }),
    'POST /api/canvas-answer/vote/{answerId}': fixed({ path: `/api/canvas-answer/vote/${targets.voteAnswer}` }),
    'DELETE /api/canvas-answer/vote/{answerId}': fixed({ path: `/api/canvas-answer/vote/${targets.unvoteAnswer}` }),
    'POST /api/canvas-takeaway/create/{categoryId}': fixed({
      path: `/api/canvas-takeaway/create/${world.categoryId}`,
      body: { title: `New takeaway ${secrets.unshared}`, categoryId: world.categoryId },
    }),
    'PATCH /api/canvas-takeaway/{id}': fixed({
      path: `/api/canvas-takeaway/${targets.updateTakeaway}`,
      body: { title: `Takeaway to update ${secrets.unshared}` },
    }),
    'PATCH /api/canvas-takeaway/archive/{id}': fixed({ path: `/api/canvas-takeaway/archive/${targets.archiveTakeaway}`, body: { archived: true } }),
    'DELETE /api/canvas-takeaway/{id}': async () => ({ path: `/api/canvas-takeaway/${await byFull.takeaway()}` }),
    'POST /api/canvas-takeaway/vote/{takeawayId}': fixed({ path: `/api/canvas-takeaway/vote/${targets.voteTakeaway}` }),
    'DELETE /api/canvas-takeaway/vote/{takeawayId}': fixed({ path: `/api/canvas-takeaway/vote/${targets.unvoteTakeaway}` }),
    'POST /api/canvas-goal/create/{categoryId}': fixed({
      path: `/api/canvas-goal/create/${world.categoryId}`,
      body: { title: `New goal ${secrets.unshared}`, categoryId: world.categoryId, goalTerm: 'ShortTerm' },
    }),
    'PATCH /api/canvas-goal/{id}': fixed({ path: `/api/canvas-goal/${targets.updateGoal}`, body: { title: `Goal to update ${secrets.unshared}` } }),
    'PATCH /api/canvas-goal/complete/{id}': fixed({ path: `/api/canvas-goal/complete/${targets.completeGoal}`, body: { completed: true } }),
    'DELETE /api/canvas-goal/{id}': async () => ({ path: `/api/canvas-goal/${await byFull.goal()}` }),
    'POST /api/canvas-action-point/create/{categoryId}': fixed({
      path: `/api/canvas-action-point/create/${world.categoryId}`,
      body: { title: `New action ${secrets.unshared}`, categoryId: world.categoryId, priority: 'HighPriority' },
    }),
    'PATCH /api/canvas-action-point/{id}': fixed({
      path: `/api/canvas-action-point/${targets.updateActionPoint}`,
      body: { title: `Action to update ${secrets.unshared}` },
    }),
    'PATCH /api/canvas-action-point/complete/{id}': fixed({
      path: `/api/canvas-action-point/complete/${targets.completeActionPoint}`,
      body: { completed: true },
    }),
    'DELETE /api/canvas-action-point/{id}': async () => ({ path: `/api/canvas-action-point/${await byFull.actionPoint()}` }),
    'GET /api/canvas-action-point/mine': fixed({ path: '/api/canvas-action-point/mine' }),
  };
  return calls;
}
