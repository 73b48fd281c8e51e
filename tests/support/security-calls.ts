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
import { routePath, type RouteName } from './route-calls';

/**
 * One valid request per manifest route (by its name), built from the prepared
 * world for a given actor: the same target for everyone, except where a call consumes
 * its target (deletes, revokes, removals, single-use tokens, sign-out), which gets a
 * fresh one per actor so that no case spoils another. Used by the authorization matrix
 * (every actor) and the bad-input suite (one authorised actor, then mutated).
 */

export type RouteKey = RouteName;
export type CallBuilder = (actor: ActorName) => Call | Promise<Call>;

export const routeKeyOf = (route: { name: string }): RouteKey => route.name as RouteName;
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
  const response = await world.stack.client().call<'signUp', SignupResponse>('signUp', { body });
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
  const sent = await world.stack.client({ sourceAddress: nextSetupAddress() }).call('sendReset', { body: { email } });
  if (sent.status !== 200) throw new Error(`send-reset: ${sent.status}`);
  // Other calls of the same setup mail this account too (a passkey added, …): wait for the reset mail itself.
  const reset = await world.stack.waitForEmailTo(email, { skip: known, containing: '/reset-password' });
  return linkParameter(reset.body.text, '/reset-password', 'token');
}

/** A registration answer to a challenge the actor's own session asked for (the owner's for the anonymous caller). */
async function registrationAnswer(world: SecurityWorld, actor: ActorName) {
  const client = accountOf(world, actor).client;
  const options = await client.call<'registrationOptions', Parameters<SoftAuthenticator['register']>[0]>('registrationOptions');
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
      return (await created<Answer>(full.client, routePath('createAnswer', { questionId }), { questionId, text: `To delete ${secrets.unshared}` })).id;
    },
    takeaway: async () =>
      (
        await created<Takeaway>(full.client, routePath('createTakeaway', { categoryId: world.categoryId }), {
          title: `To delete ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id,
    goal: async () =>
      (
        await created<Goal>(full.client, routePath('createGoal', { categoryId: world.categoryId }), {
          title: `To delete ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id,
    actionPoint: async () =>
      (
        await created<ActionPoint>(full.client, routePath('createActionPoint', { categoryId: world.categoryId }), {
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
      (await created<IdResponse>(owner.client, routePath('createMemberInvitation'), { email: uniqueEmail('revoke'), entityRoleId: EntityRole.LimitedMember }))
        .id,
  );
  const advisorInvitationToRevoke = perConsumer(
    async () => (await created<IdResponse>(owner.client, routePath('createAdvisorInvitation'), { email: uniqueEmail('revoke'), canvasSections: [] })).id,
  );
  const familyInvitationToRevoke = async () =>
    (await created<IdResponse>(world.companyAllOwner.client, routePath('createFamilyInvitation'), { email: uniqueEmail('revoke') })).id;
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
    sendContactMessage: () => ({
      path: routePath('sendContactMessage'),
      body: { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('contact'), subject: 'A question', message: 'How does the canvas work?' },
    }),
    getSalt: fixed({ path: routePath('getSalt'), body: { email: owner.email } }),
    signUp: () => ({ path: routePath('signUp'), body: signupBody({ createEntityName: 'Signup Family' }) }),
    signIn: (() => {
      // A sign-in of an account of its own: the answer's cookie is dropped (sendAs keeps the actor's).
      let login: Promise<{ email: string; password: string }> | undefined;
      return async () => {
        login ??= (async () => {
          const salt = newSalt();
          const body = signupBody({ salt, createEntityName: 'Signin Family' });
          const client = world.stack.client();
          await client.call('signUp', { body });
          const token = await confirmationTokenFor(world.stack, body.email);
          await client.call('confirmEmail', { query: { token } });
          return { email: body.email, password: body.password };
        })();
        return { path: routePath('signIn'), body: await login };
      };
    })(),
    signOut: async (actor) => ({ path: routePath('signOut'), cookie: actor === 'anonymous' ? null : await freshSessionCookie(world, actor) }),
    setCurrentEntity: fixed({ path: routePath('setCurrentEntity'), body: { id: familyId } }),
    // No password step before it: nobody has a pending sign-in cookie (89).
    signInMfa: fixed({ path: routePath('signInMfa'), body: { email: owner.email, code: '123456' } }),
    reauthenticate: async (actor) => {
      if (actor === 'anonymous') return { path: routePath('reauthenticate'), body: { password: hashPassword('Anything-1', newSalt()) } };
      const account = accountOf(world, actor);
      const { body: current } = await world.stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
      return { path: routePath('reauthenticate'), body: { password: hashPassword(account.plainPassword, current.salt) } };
    },
    // ---- two-factor sign-in (docs/product/sessions-and-sign-in.md#two-factor-sign-in) ------------------------------------------------------
    getTwoFactorStatus: fixed({ path: routePath('getTwoFactorStatus') }),
    setupTotp: fixed({ path: routePath('setupTotp'), body: {} }),
    // A setup first, then a code that is not the app's (90): nobody's TOTP is turned on here,
    // so later rows still sign in with a password only.
    enableTotp: async (actor) => {
      if (actor !== 'anonymous') await accountOf(world, actor).client.call('setupTotp');
      return { path: routePath('enableTotp'), body: { code: '000000' } };
    },
    // Nobody has TOTP on: 94 after the (recent) re-authentication check.
    disableTotp: fixed({ path: routePath('disableTotp'), body: { code: '123456' } }),
    getTwoFactorPolicy: fixed({ path: routePath('getTwoFactorPolicy') }),
    // Off, so nobody is locked out of a company by this row.
    updateTwoFactorPolicy: fixed({ path: routePath('updateTwoFactorPolicy'), body: { requireTwoFactor: false } }),
    confirmEmail: async (actor) => ({ path: `${routePath('confirmEmail')}?token=${encodeURIComponent((await throwawayOf(actor)).token)}` }),
    resendConfirmationLink: fixed({ path: routePath('resendConfirmationLink'), body: {} }),
    // Each caller's own address: reset mails are limited to 5 an hour per address (lib/limits/mail.ts).
    sendReset: (actor) => ({ path: routePath('sendReset'), body: { email: accountOf(world, actor).email } }),
    resetPassword: async (actor) => {
      const account = await throwawayOf(actor);
      const salt = newSalt();
      return {
        path: routePath('resetPassword'),
        body: { email: account.email, token: await resetTokenFor(world, account.email), password: hashPassword('New-Secret9', salt), salt },
      };
    },
    // Checking never uses the link up: one owner's link serves every caller.
    checkReset: async () => ({ path: routePath('checkReset'), body: { email: owner.email, token: await ownerResetToken() } }),
    // A link nobody was sent: refused as such (20) for every caller, nothing changes.
    reportNotMe: fixed({ path: routePath('reportNotMe'), body: { token: 'not-a-token-anybody-was-sent' } }),
    // Each caller's own address (recovery mails are limited per address).
    requestFactorRecovery: (actor) => ({
      path: routePath('requestFactorRecovery'),
      body: { email: accountOf(world, actor).email },
    }),
    factorRecoveryStatus: fixed({
      path: routePath('factorRecoveryStatus'),
      body: { email: owner.email, token: 'not-a-token-anybody-was-sent' },
    }),
    startFactorRecovery: fixed({
      path: routePath('startFactorRecovery'),
      body: { email: owner.email, token: 'not-a-token-anybody-was-sent' },
    }),
    completeFactorRecovery: fixed({
      path: routePath('completeFactorRecovery'),
      body: { email: owner.email, token: 'not-a-token-anybody-was-sent' },
    }),
    cancelFactorRecovery: fixed({ path: routePath('cancelFactorRecovery'), body: { token: 'not-a-token-anybody-was-sent' } }),
    changePassword: async (actor) => {
      // The same password with a new salt: the account keeps working with its plain password.
      const account = accountOf(world, actor);
      const { body: current } = await world.stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
      const salt = newSalt();
      return {
        path: routePath('changePassword'),
        body: { password: hashPassword(account.plainPassword, current.salt), newPassword: hashPassword(account.plainPassword, salt), salt },
      };
    },

    // ---- user ------------------------------------------------------------------------------
    getProfile: fixed({ path: routePath('getProfile') }),
    updateUser: fixed({ path: routePath('updateUser', { userId: owner.userId }), body: { firstName: owner.user.firstName } }),
    listPrefixes: fixed({ path: routePath('listPrefixes') }),
    addAddress: fixed({ path: routePath('addAddress'), body: sampleAddress }),
    updateAddress: fixed({ path: routePath('updateAddress', { id: world.ownerAddressId }), body: sampleAddress }),
    updatePrivacySettings: fixed({ path: routePath('updatePrivacySettings'), body: { email: 10, phone: 10, address: 10 } }),
    listSessions: fixed({ path: routePath('listSessions') }),
    // A second session of the caller's own, to end (the anonymous caller names any id).
    revokeSession: async (actor) => ({ path: routePath('revokeSession', { id: actor === 'anonymous' ? 'abc' : await freshSessionId(world, actor) }) }),
    // Ends the caller's other sessions; the one the caller acts with stays.
    revokeOtherSessions: fixed({ path: routePath('revokeOtherSessions') }),
    // ---- passkeys -----------------------------------------------------------------------------
    registrationOptions: fixed({ path: routePath('registrationOptions') }),
    // Each caller answers a challenge of their own with a new passkey (the anonymous caller's body never matters).
    registerPasskey: async (actor) => ({
      path: routePath('registerPasskey'),
      body: { label: 'Matrix key', response: await registrationAnswer(world, actor) },
    }),
    listPasskeys: fixed({ path: routePath('listPasskeys') }),
    // A passkey of the caller's own (another user's answers 4: tests/integration/passkeys.test.ts).
    renamePasskey: async (actor) => ({ path: routePath('renamePasskey', { id: await ownPasskeyId(world, actor) }), body: { label: 'Renamed key' } }),
    removePasskey: async (actor) => ({ path: routePath('removePasskey', { id: await ownPasskeyId(world, actor) }) }),
    authenticationOptions: fixed({ path: routePath('authenticationOptions') }),
    // A sign-in with the passkey of an account of its own (a counter-less one: callers answer at once, in any order).
    signInWithPasskey: async () => ({ path: routePath('signInWithPasskey'), body: { response: await passkeySignin(world) } }),
    getNotificationSettings: fixed({ path: routePath('getNotificationSettings') }),
    updateNotificationSettings: fixed({ path: routePath('updateNotificationSettings'), body: { digest: 'daily', timeZone: 'Europe/Berlin' } }),
    // The digest's unsubscribe link of the family's owner: the token is the proof, whoever sends it.
    getUnsubscribe: async () => ({ path: `${routePath('getUnsubscribe')}?token=${await unsubscribeTokenFor(world.accounts.owner.userId)}` }),
    unsubscribe: async () => ({ path: `${routePath('unsubscribe')}?token=${await unsubscribeTokenFor(world.accounts.owner.userId)}` }),
    listPrivacyLevels: fixed({ path: routePath('listPrivacyLevels') }),
    listCountries: fixed({ path: routePath('listCountries') }),

    // ---- entities ----------------------------------------------------------------------------
    listEntities: fixed({ path: routePath('listEntities') }),
    createEntity: fixed({ path: routePath('createEntity'), body: { entityTypeId: EntityType.AdvisorCompany, entityName: 'Side Company' } }),
    updateEntity: fixed({ path: routePath('updateEntity'), body: { phone: '+41 44 000 00 00' } }),
    // The family has its shipping address (the world's); a billing one is added once.
    addEntityAddress: fixed({ path: routePath('addEntityAddress'), body: { ...sampleAddress, type: 'Billing' } }),
    updateEntityAddress: fixed({ path: routePath('updateEntityAddress', { id: world.familyAddressId }), body: { ...sampleAddress, type: 'Shipping' } }),
    getEntity: fixed({ path: routePath('getEntity', { entityId: familyId }) }),
    getEntityViaFamily: fixed({ path: routePath('getEntityViaFamily', { entityId: world.companySomeId, familyId }) }),
    getNote: fixed({ path: routePath('getNote', { entityId: familyId }) }),
    // The family keeps one note about each company: owner and admin each write a new one.
    createNote: (actor) => ({
      path: routePath('createNote', { entityId: actor === 'owner' ? world.companyAllId : actor === 'admin' ? world.companySomeId : familyId }),
      body: { note: '<p>Private</p>' },
    }),
    updateNote: fixed({ path: routePath('updateNote', { entityId: familyId }), body: { note: `<p>Our own notes ${secrets.familyNote}</p>` } }),
    listFamiliesForInvite: fixed({ path: routePath('listFamiliesForInvite', { inviterId: world.companyAllId }) }),
    listAdvisorCompaniesForInvite: fixed({ path: routePath('listAdvisorCompaniesForInvite', { inviterId: familyId }) }),
    getEntityBySection: fixed({ path: routePath('getEntityBySection', { sectionId: world.unsharedSectionId }) }),

    // ---- authorization -----------------------------------------------------------------------
    listMemberRoles: fixed({ path: routePath('listMemberRoles') }),
    listWorkRelationRoles: fixed({ path: routePath('listWorkRelationRoles') }),
    getWorkRelationMemberPermissions: fixed({ path: routePath('getWorkRelationMemberPermissions', { entityId: familyId }) }),

    // ---- member invitations ------------------------------------------------------------------
    createMemberInvitation: () => ({
      path: routePath('createMemberInvitation'),
      body: { email: uniqueEmail('invitee'), entityRoleId: EntityRole.LimitedMember },
    }),
    sendMemberInvitationEmail: fixed({ path: routePath('sendMemberInvitationEmail'), body: { id: invitations.member.id } }),
    listMemberInvitations: fixed({ path: routePath('listMemberInvitations') }),
    resendMemberInvitation: fixed({ path: routePath('resendMemberInvitation'), body: { id: invitations.member.id } }),
    revokeMemberInvitation: async (actor) => ({ path: routePath('revokeMemberInvitation', { id: await memberInvitationToRevoke(actor) }) }),
    getMemberInvitation: fixed({ path: `${routePath('getMemberInvitation')}?token=${encodeURIComponent(invitations.memberLink.token)}` }),
    // The link is addressed to someone outside the world: nobody here may accept it.
    acceptMemberInvitation: fixed({ path: `${routePath('acceptMemberInvitation')}?token=${encodeURIComponent(invitations.memberLink.token)}` }),

    // ---- entity members ----------------------------------------------------------------------
    listOwners: fixed({ path: routePath('listOwners') }),
    listMembers: fixed({ path: routePath('listMembers') }),
    listCanvasUsers: fixed({ path: routePath('listCanvasUsers', { entityId: familyId }) }),
    listOwnersOf: fixed({ path: routePath('listOwnersOf', { entityId: familyId }) }),
    listOwnersViaFamily: fixed({ path: routePath('listOwnersViaFamily', { entityId: world.companySomeId, familyId }) }),
    listAdvisors: fixed({ path: routePath('listAdvisors'), body: {} }),
    listAdvisorsOfFamily: fixed({ path: routePath('listAdvisorsOfFamily', { familyId }), body: {} }),
    getAdvisor: fixed({ path: routePath('getAdvisor', { memberId: world.accounts.advisorFull.userId }) }),
    listFamilyMembers: fixed({ path: routePath('listFamilyMembers'), body: { filterBy: { entityId: familyId } } }),
    getFamilyMember: fixed({ path: routePath('getFamilyMember', { memberId: world.accounts.limited.userId }) }),
    listAdvisorsNotForFamily: fixed({ path: routePath('listAdvisorsNotForFamily', { entityId: familyId }) }),
    getMember: fixed({ path: routePath('getMember', { memberId: full.userId }) }),
    updateMember: fixed({ path: routePath('updateMember', { memberId: full.userId }), body: { companyPosition: 'Treasurer' } }),
    removeMember: async (actor) => ({ path: routePath('removeMember', { memberId: await memberToRemove(actor) }) }),

    // ---- family invitations (an advisor company invites a family) ----------------------------
    createFamilyInvitation: () => ({ path: routePath('createFamilyInvitation'), body: { email: uniqueEmail('family') } }),
    sendFamilyInvitationEmail: fixed({ path: routePath('sendFamilyInvitationEmail'), body: { id: invitations.family.id } }),
    listFamilyInvitations: fixed({ path: routePath('listFamilyInvitations') }),
    resendFamilyInvitation: fixed({ path: routePath('resendFamilyInvitation'), body: { id: invitations.family.id } }),
    revokeFamilyInvitation: async () => ({ path: routePath('revokeFamilyInvitation', { id: await familyInvitationToRevoke() }) }),
    getFamilyInvitation: fixed({ path: `${routePath('getFamilyInvitation')}?token=${encodeURIComponent(invitations.familyLink.token)}` }),
    acceptFamilyInvitation: (actor) => ({
      path: routePath('acceptFamilyInvitation'),
      body: { token: invitations.familyLink.token, entityId: accountOf(world, actor).entityId },
    }),

    // ---- advisor invitations (a family invites an advisor company) ---------------------------
    // Sections of the family's canvas; the stranger's family offers all of its own.
    createAdvisorInvitation: (actor) => ({
      path: routePath('createAdvisorInvitation'),
      body: { email: uniqueEmail('advisor'), canvasSections: actor === 'stranger' ? [] : [world.sharedSectionId] },
    }),
    sendAdvisorInvitationEmail: fixed({ path: routePath('sendAdvisorInvitationEmail'), body: { id: invitations.advisor.id } }),
    listAdvisorInvitations: fixed({ path: routePath('listAdvisorInvitations') }),
    resendAdvisorInvitation: fixed({ path: routePath('resendAdvisorInvitation'), body: { id: invitations.advisor.id } }),
    revokeAdvisorInvitation: async (actor) => ({ path: routePath('revokeAdvisorInvitation', { id: await advisorInvitationToRevoke(actor) }) }),
    getAdvisorInvitation: fixed({ path: `${routePath('getAdvisorInvitation')}?token=${encodeURIComponent(invitations.advisorLink.token)}` }),
    acceptAdvisorInvitation: (actor) => ({
      path: routePath('acceptAdvisorInvitation'),
      body: { token: invitations.advisorLink.token, entityId: accountOf(world, actor).entityId },
    }),

    // ---- work relations ------------------------------------------------------------------------
    listAdvisorCompanies: fixed({ path: routePath('listAdvisorCompanies'), body: { orderBy: 'entityName' } }),
    listFamilies: fixed({ path: routePath('listFamilies'), body: { orderBy: 'entityName' } }),
    listDashboardFamilies: fixed({ path: routePath('listDashboardFamilies'), body: { limit: 10, offset: 0 } }),
    listCanvasAdvisorCompanies: fixed({ path: routePath('listCanvasAdvisorCompanies') }),
    listCanvasAdvisorCompaniesOf: fixed({ path: routePath('listCanvasAdvisorCompaniesOf', { id: familyId }) }),
    listSectionAdvisorCompanies: fixed({
      path: routePath('listSectionAdvisorCompanies', { id: world.unsharedSectionId }),
    }),
    // Roles as the world has them: an allowed call changes nothing.
    addWorkRelationMember: fixed({
      path: routePath('addWorkRelationMember', { entityId: familyId }),
      body: { memberId: world.accounts.advisorNone.userId, workRelationRoleId: WorkRelationRole.None },
    }),
    updateWorkRelationMember: fixed({
      path: routePath('updateWorkRelationMember', { memberId: world.accounts.advisorFull.userId, entityId: familyId }),
      body: { workRelationRoleId: WorkRelationRole.Full },
    }),
    removeWorkRelationMember: fixed({ path: routePath('removeWorkRelationMember', { memberId: world.accounts.advisorNone.userId, entityId: familyId }) }),
    // Family-side callers (and the stranger) name a fresh company working for the family: an allowed call ends that relation only.
    endWorkRelation: async (actor) => ({
      path: routePath('endWorkRelation', {
        entityId: ['owner', 'admin', 'full', 'limited', 'stranger'].includes(actor)
          ? (await advisorCompanyFor(world.stack, familyId, [], `Parting ${actor}`)).entityId
          : familyId,
      }),
    }),
    getCanvasShares: fixed({ path: routePath('getCanvasShares', { entityId: world.companySomeId }) }),
    updateCanvasShares: (actor) => ({
      path: routePath('updateCanvasShares', { entityId: world.companySomeId }),
      body: { canvasSections: actor === 'stranger' ? [] : [world.sharedSectionId] },
    }),

    // ---- canvas --------------------------------------------------------------------------------
    createCanvas: fixed({ path: routePath('createCanvas') }),
    getOwnCanvas: fixed({ path: routePath('getOwnCanvas') }),
    getCanvas: fixed({ path: routePath('getCanvas', { familyId }) }),
    updateCanvasTitle: (actor) => ({
      // Each family keeps its own title.
      path: routePath('updateCanvasTitle'),
      body: { title: actor === 'stranger' ? 'Stranger Family Canvas' : 'Matrix Family Canvas' },
    }),
    resetCanvas: fixed({ path: routePath('resetCanvas') }),
    getSection: fixed({ path: routePath('getSection', { id: world.unsharedSectionId }) }),
    getOwnHistory: fixed({ path: routePath('getOwnHistory') }),
    getHistory: fixed({ path: routePath('getHistory', { familyId }) }),
    revertEvent: async () => {
      // A fresh change by the full member for every caller: its create event is the target.
      const id = (
        await created<Takeaway>(full.client, routePath('createTakeaway', { categoryId: world.categoryId }), {
          title: `To undo ${secrets.unshared}`,
          categoryId: world.categoryId,
        })
      ).id;
      const history = await full.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', {
        query: { userId: world.accounts.full.userId, itemType: 'takeaway', limit: '100' },
      });
      const event = history.body.results.find((candidate) => candidate.itemId === id && candidate.action === 'created');
      if (!event) throw new Error(`setup: no create event for ${id}`);
      return { path: `${routePath('revertEvent', { eventId: event.id })}?familyId=${familyId}` };
    },
    restoreVersion: async () => {
      // A fresh takeaway by the full member for every caller: "restore" its first version.
      const item = await created<Takeaway>(full.client, routePath('createTakeaway', { categoryId: world.categoryId }), {
        title: `To restore ${secrets.unshared}`,
        categoryId: world.categoryId,
      });
      const history = await full.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { itemId: item.id } });
      const event = history.body.results.find((candidate) => candidate.action === 'created');
      if (!event) throw new Error(`setup: no create event for ${item.id}`);
      return { path: `${routePath('restoreVersion', { eventId: event.id })}?familyId=${familyId}`, body: { version: item.version } };
    },
    getAccessLog: fixed({ path: routePath('getAccessLog') }),
    getAccessLogCsv: fixed({ path: routePath('getAccessLogCsv') }),
    getCompanyAccessLog: fixed({ path: routePath('getCompanyAccessLog') }),
    getCategory: fixed({ path: routePath('getCategory', { id: world.categoryId }) }),
    exportOwnPlanBook: fixed({ path: routePath('exportOwnPlanBook'), body: {} }),
    exportPlanBook: fixed({ path: routePath('exportPlanBook', { familyId }), body: {} }),
    createAnswer: fixed({
      path: routePath('createAnswer', { questionId: world.openQuestionId }),
      body: { questionId: world.openQuestionId, text: `My answer ${secrets.unshared}` },
    }),
    updateAnswer: fixed({
      path: routePath('updateAnswer', { id: targets.updateAnswer }),
      body: { text: `An answer by the full member ${secrets.unshared}` },
    }),
    deleteAnswer: async () => ({ path: routePath('deleteAnswer', { id: await byFull.answer() }) }),
    addAnswerVote: fixed({ path: routePath('addAnswerVote', { answerId: targets.voteAnswer }) }),
    removeAnswerVote: fixed({ path: routePath('removeAnswerVote', { answerId: targets.unvoteAnswer }) }),
    createTakeaway: fixed({
      path: routePath('createTakeaway', { categoryId: world.categoryId }),
      body: { title: `New takeaway ${secrets.unshared}`, categoryId: world.categoryId },
    }),
    updateTakeaway: fixed({
      path: routePath('updateTakeaway', { id: targets.updateTakeaway }),
      body: { title: `Takeaway to update ${secrets.unshared}` },
    }),
    archiveTakeaway: fixed({ path: routePath('archiveTakeaway', { id: targets.archiveTakeaway }), body: { archived: true } }),
    deleteTakeaway: async () => ({ path: routePath('deleteTakeaway', { id: await byFull.takeaway() }) }),
    addTakeawayVote: fixed({ path: routePath('addTakeawayVote', { takeawayId: targets.voteTakeaway }) }),
    removeTakeawayVote: fixed({ path: routePath('removeTakeawayVote', { takeawayId: targets.unvoteTakeaway }) }),
    createGoal: fixed({
      path: routePath('createGoal', { categoryId: world.categoryId }),
      body: { title: `New goal ${secrets.unshared}`, categoryId: world.categoryId, goalTerm: 'ShortTerm' },
    }),
    updateGoal: fixed({ path: routePath('updateGoal', { id: targets.updateGoal }), body: { title: `Goal to update ${secrets.unshared}` } }),
    completeGoal: fixed({ path: routePath('completeGoal', { id: targets.completeGoal }), body: { completed: true } }),
    deleteGoal: async () => ({ path: routePath('deleteGoal', { id: await byFull.goal() }) }),
    createActionPoint: fixed({
      path: routePath('createActionPoint', { categoryId: world.categoryId }),
      body: { title: `New action ${secrets.unshared}`, categoryId: world.categoryId, priority: 'HighPriority' },
    }),
    updateActionPoint: fixed({
      path: routePath('updateActionPoint', { id: targets.updateActionPoint }),
      body: { title: `Action to update ${secrets.unshared}` },
    }),
    completeActionPoint: fixed({
      path: routePath('completeActionPoint', { id: targets.completeActionPoint }),
      body: { completed: true },
    }),
    deleteActionPoint: async () => ({ path: routePath('deleteActionPoint', { id: await byFull.actionPoint() }) }),
    listMyActionPoints: fixed({ path: routePath('listMyActionPoints') }),
  };
  return calls;
}
