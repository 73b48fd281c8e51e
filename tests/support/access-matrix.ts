import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Takeaway, ActionPoint } from '../../shared/contracts/canvas';
import type { UserSession } from '../../shared/contracts/auth';
import type { HistoryPage } from '../../shared/contracts/history';
import { LiveServerMessage } from '../../shared/contracts/live';
import { nextDigestHour } from '../../shared/digest-schedule';
import { addDays, dayIn } from '../../shared/dates';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { allRoutes } from '../../shared/routes';
import { advanceClock, durations, now } from '../../functions/lib/clock';
import { emailTemplates } from '../../functions/domain/mail/templates';
import { sessionLifetime } from '../../functions/domain/sessions/session';
import { hashPassword, linkParameter, newSalt, signIn, type TestAccount } from './accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, memberOf, type FamilyWithCanvas } from './canvas';
import { ApiClient, type ApiResponse, type IntegrationStack } from './integration';
import { LiveSocket } from './live';
import { addPasskey, integrationOrigin, SoftAuthenticator } from './passkeys';
import { routePath } from './route-calls';

/**
 * The outlet × ending matrix (tests/integration/access-matrix.test.ts): every way the app
 * delivers canvas content to someone, and every way a right to it ends. The lists are the
 * matrix's axes: the test fails when one of them has no row or column, and the outlets are
 * derived where the code names them (manifest routes, live message types, mailing jobs).
 */

/** Everywhere canvas content leaves the server for a person. */
export const outlets = [
  'httpRead',
  'httpWrite',
  'liveChange',
  'presence',
  'history',
  'undo',
  'restore',
  'myActions',
  'dashboard',
  'planBook',
  'accessLog',
  'digest',
] as const;
export type Outlet = (typeof outlets)[number];

/** Every way a right to a canvas (or a part of it) ends. */
export const endings = [
  'signOut',
  'sessionRevoked',
  'idleExpiry',
  'absoluteExpiry',
  'passwordReset',
  'memberRemoved',
  'roleNarrowed',
  'advisorRoleNarrowed',
  'advisorRoleRemoved',
  'sectionUnshared',
  'relationEnded',
  'accessUntilPassed',
  'twoFactorPolicy',
] as const;
export type Ending = (typeof endings)[number];

/** A route, live message or job that delivers nothing of a canvas, and why. */
export type NotAnOutlet = { notAnOutlet: string };
const not = (reason: string): NotAnOutlet => ({ notAnOutlet: reason });

const account = not('the caller’s own account, sessions or settings: no canvas content');
const publicInfo = not('public reference data or an invitation preview: no canvas content');
const people = not('people and entities (names, roles, contact data), guarded by the authorization matrix: no canvas content');
const invitations = not('invitations of the caller’s own entity: no canvas content');

/**
 * Every GET route of the manifest, and the POST routes that only read: the outlet it is, or
 * why it is none. A manifest route that reads and is missing here fails the matrix.
 */
export const routeOutlets: Record<string, Outlet | NotAnOutlet> = {
  getTwoFactorStatus: account,
  getTwoFactorPolicy: account,
  listPasskeys: account,
  confirmEmail: account,
  getProfile: account,
  listPrefixes: publicInfo,
  listSessions: account,
  getNotificationSettings: account,
  getUnsubscribe: account,
  listPrivacyLevels: publicInfo,
  listCountries: publicInfo,
  listEntities: people,
  getEntity: people,
  getEntityViaFamily: people,
  getNote: not('the family’s private note about an entity, not canvas content; its readers are the authorization matrix’s'),
  listFamiliesForInvite: people,
  listAdvisorCompaniesForInvite: people,
  getEntityBySection: people,
  listMemberRoles: publicInfo,
  listWorkRelationRoles: publicInfo,
  getWorkRelationMemberPermissions: account,
  listMemberInvitations: invitations,
  getMemberInvitation: publicInfo,
  acceptMemberInvitation: invitations,
  listOwners: people,
  listMembers: people,
  listCanvasUsers: people,
  listOwnersOf: people,
  listOwnersViaFamily: people,
  getAdvisor: people,
  getFamilyMember: people,
  listAdvisorsNotForFamily: people,
  getMember: people,
  listFamilyInvitations: invitations,
  getFamilyInvitation: publicInfo,
  listAdvisorInvitations: invitations,
  getAdvisorInvitation: publicInfo,
  listCanvasAdvisorCompanies: people,
  listCanvasAdvisorCompaniesOf: people,
  listSectionAdvisorCompanies: people,
  getCanvasShares: not('which sections a company sees, for the family’s owners and admins: no canvas content'),
  getOwnCanvas: 'httpRead',
  getCanvas: 'httpRead',
  getSection: 'httpRead',
  getCategory: 'httpRead',
  getOwnHistory: 'history',
  getHistory: 'history',
  getAccessLog: 'accessLog',
  getAccessLogCsv: 'accessLog',
  getCompanyAccessLog: 'accessLog',
  listMyActionPoints: 'myActions',
  // Reads sent as POST (a body of filters, or a rendered file).
  listDashboardFamilies: 'dashboard',
  exportOwnPlanBook: 'planBook',
  exportPlanBook: 'planBook',
};

/** The manifest's routes that must be classified: every GET, and the POST reads named above. */
export function readingRouteKeys(): string[] {
  return allRoutes()
    .filter((route) => route.method === 'GET' || (route.method === 'POST' && route.name in routeOutlets))
    .map((route) => route.name);
}

/** Every server message type of the live contract (shared/contracts/live.ts). */
export const liveMessageOutlets: Record<LiveServerMessage['type'], Outlet | NotAnOutlet> = {
  change: 'liveChange',
  presence: 'presence',
  closed: not('the notice of the ending itself, with its reason: no canvas content'),
  accessChanged: not(
    'tells an open socket, after its access was decided again, that it changed: the titles of the sections it could see until then, no canvas content',
  ),
  pong: not('the answer to a ping: no content'),
  presenceTooSoon: not('the answer to a presence message sent within the rate’s gap: only when to send again, no canvas content'),
};

export function liveMessageTypes(): string[] {
  return LiveServerMessage.options.map((option) => option.shape.type.value);
}

/** Every job that sends mail (functions/jobs/<name>/handler.ts calling sendEmail). */
export const mailingJobOutlets: Record<string, Outlet | NotAnOutlet> = {
  digest: 'digest',
  'access-expiry': not('mails a relation’s coming end and its end to the company’s and family’s admins: names and dates, no canvas content'),
};

/** The jobs whose handler sends mail (calls the mailer). */
export function mailingJobs(): string[] {
  const jobsDir = fileURLToPath(new URL('../../functions/jobs', import.meta.url));
  return readdirSync(jobsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => /\bsendEmail\(|lib\/mail\/mailer/.test(readFileSync(path.join(jobsDir, name, 'handler.ts'), 'utf8')))
    .sort();
}

const mailAbout = (what: string) => not(`${what}: no canvas content`);

/**
 * Every mail the app writes: each template of functions/domain/mail/templates.ts (the routes'
 * and jobs' mails), and the digest, which the digest job builds from the journal.
 */
export const mailOutlets: Record<keyof typeof emailTemplates | 'digest', Outlet | NotAnOutlet> = {
  contactMessage: mailAbout('a visitor’s message to the team'),
  contactAcknowledgement: mailAbout('fixed text to a visitor'),
  newDeviceSignin: mailAbout('a sign-in from a new device, to the account'),
  emailConfirmation: mailAbout('a confirmation link'),
  passwordReset: mailAbout('a reset link'),
  signInMethodChanged: mailAbout('which sign-in method changed, when and from which device, to the account'),
  factorRecoveryLink: mailAbout('a mailbox-recovery link, to the account'),
  factorRecoveryStarted: mailAbout('the recovery wait and its cancel link, to the account'),
  reportedFactorHeld: mailAbout('the held factor, its removal and cancel links, to the account'),
  memberInvitation: mailAbout('an invitation: who invites, to which entity'),
  familyInvitation: mailAbout('an invitation: which company invites'),
  advisorInvitation: mailAbout('an invitation: which family invites, until when'),
  workRelationEnded: mailAbout('names of the two sides and why the relation ended'),
  accessEndingSoon: mailAbout('names and the end date'),
  actionPointsUnassigned: not(
    'action point titles, only to their initiator, checked at sending to be a member of the family (who sees the whole canvas): no advisor receives it',
  ),
  digest: 'digest',
};

export function mailTemplates(): string[] {
  return Object.keys(emailTemplates);
}

// ---- the worlds ---------------------------------------------------------------------------

/**
 * Who loses the right: a full member of the family (every family outlet, the family's
 * access log); an advisor company's admin working for the family (admins of a company
 * have full access to its client families: every outlet, the dashboard and the company's
 * access log); or a plain advisor of the company with the family's full canvas role (the
 * one whose role the family can change).
 */
export type VictimKind = 'familyMember' | 'advisorAdmin' | 'advisor';

export type Markers = {
  /** The owner's takeaway in the lost category, written before the ending. */
  before: string;
  /** The victim's own takeaway there (the undo target). */
  own: string;
  /** An action point there, assigned to the victim. */
  assigned: string;
  /** The owner's takeaway there, written after the ending. */
  after: string;
  /** The owner's takeaway in a category the victim keeps (section unshared: the shared section), after the ending. */
  afterShared: string;
};

export type EndingWorld = {
  stack: IntegrationStack;
  ending: Ending;
  victimKind: VictimKind;
  family: FamilyWithCanvas;
  /** The family's owner as the tests act with them (a fresh session after a clock move). */
  owner: ApiClient;
  /** A full member of the family who keeps every right: fence and control. */
  witness: TestAccount;
  witnessClient: ApiClient;
  /** The owner of the advisor company working for the family (every section, unless an ending narrows it). */
  company: TestAccount;
  victim: TestAccount;
  /** The victim's session cookie as it was before the ending: every HTTP check sends it. */
  victimCookie: string;
  /** The lost part: the first category of the first section (the section an unsharing hides). */
  categoryId: number;
  sectionId: number;
  /** A category of the second section (still shared after an unsharing). */
  sharedCategoryId: number;
  sharedSectionId: number;
  markers: Markers;
  ownTakeawayId: string;
  /** The victim's own takeaway's version as they read it (the body of a restore). */
  ownVersion: number;
  ownEventId: string;
  assignedId: string;
  /** Ids of the owner's writes after the ending. */
  afterId: string;
  afterSharedId: string;
  victimSocket: LiveSocket;
  /** When the victim's socket closed (Date.now()), or never. */
  victimClosedAt: Promise<number>;
  /** Number of messages the victim's socket had when the ending happened. */
  messagesAtEnding: number;
  witnessSocket: LiveSocket;
  /** Date.now() when a delivery became due: the ending, or for a moved clock the first write after it. */
  budgetStart: number;
  /** The instant the next weekly digest of the world's users is due. */
  digestDueAt: Date;
};

export type EndingSpec = {
  victim: VictimKind;
  /** The live `closed` reason the victim's socket gets, where it closes. */
  closeReason: 'signedOut' | 'accessRemoved' | 'expired';
  /** Opens the victim's socket itself (the default: right after the world is built). */
  opensVictimSocket?: boolean;
  /** Moves the server clock: the owner and witness sign in afresh after it. */
  movesClock?: boolean;
  prepare?: (world: EndingWorld) => Promise<void>;
  end: (world: EndingWorld) => Promise<void>;
};

function expectStatus(response: ApiResponse, status: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
}

let setupAddress = 0;
/** A loopback address of its own for an anonymous setup call (per-client mail limits). */
function nextAddress(): string {
  setupAddress += 1;
  return `127.0.9.${setupAddress}`;
}

async function openVictimSocket(world: EndingWorld): Promise<void> {
  world.victimSocket = await LiveSocket.open(world.stack, world.victim.client, { familyId: world.family.familyId });
  world.victimClosedAt = world.victimSocket.closed.then(() => Date.now());
}

/** The victim's session's id and its absolute end (epoch ms), from the sessions list. */
async function currentSession(client: ApiClient): Promise<UserSession> {
  const list = await client.call<'listSessions', UserSession[]>('listSessions');
  expectStatus(list, 200);
  const current = list.body.find((session) => session.current);
  if (!current) throw new Error('no current session');
  return current;
}

export const endingSpecs: Record<Ending, EndingSpec> = {
  signOut: {
    victim: 'advisorAdmin',
    closeReason: 'signedOut',
    end: async (w) => expectStatus(await w.victim.client.call('signOut'), 204),
  },
  sessionRevoked: {
    victim: 'advisorAdmin',
    closeReason: 'signedOut',
    end: async (w) => {
      const target = await currentSession(w.victim.client);
      const other = w.stack.client();
      expectStatus(await signIn(other, w.victim.email, w.victim.plainPassword), 200);
      expectStatus(await other.call('revokeSession', { params: { id: target.id } }), 204);
    },
  },
  idleExpiry: {
    victim: 'advisorAdmin',
    closeReason: 'expired',
    movesClock: true,
    end: async () => advanceClock(sessionLifetime.idleSeconds * 1000 + durations.minute),
  },
  absoluteExpiry: {
    victim: 'advisorAdmin',
    closeReason: 'expired',
    movesClock: true,
    opensVictimSocket: true,
    // Active all along (a request every 20 minutes keeps the idle limit away) until shortly
    // before the 12 hours; the socket opens then (a socket lives 2 hours of its own).
    prepare: async (w) => {
      const { createdDate } = await currentSession(w.victim.client);
      const endsAt = Date.parse(createdDate) + sessionLifetime.absoluteSeconds * 1000;
      while (now().getTime() < endsAt - 25 * durations.minute) {
        advanceClock(Math.min(20 * durations.minute, endsAt - 25 * durations.minute - now().getTime() + 1000));
        expectStatus(await w.victim.client.call('getProfile'), 200);
      }
      await openVictimSocket(w);
    },
    end: async (w) => {
      const { createdDate } = await currentSession(w.victim.client);
      const endsAt = Date.parse(createdDate) + sessionLifetime.absoluteSeconds * 1000;
      advanceClock(endsAt - now().getTime() + durations.minute);
    },
  },
  passwordReset: {
    victim: 'advisorAdmin',
    closeReason: 'signedOut',
    end: async (w) => {
      const known = (await w.stack.emailsTo(w.victim.email)).length;
      expectStatus(await w.stack.client({ sourceAddress: nextAddress() }).call('sendReset', { body: { email: w.victim.email } }), 200);
      const mail = await w.stack.waitForEmailTo(w.victim.email, { skip: known, containing: '/reset-password' });
      const token = linkParameter(mail.body.text, '/reset-password', 'token');
      const salt = newSalt();
      const reset = await w.stack
        .client({ sourceAddress: nextAddress() })
        .call('resetPassword', { body: { email: w.victim.email, token, password: hashPassword('Reset-Password-9', salt), salt } });
      expectStatus(reset, 200);
    },
  },
  memberRemoved: {
    victim: 'familyMember',
    closeReason: 'accessRemoved',
    end: async (w) => expectStatus(await w.owner.call('removeMember', { params: { memberId: w.victim.userId } }), 204),
  },
  roleNarrowed: {
    victim: 'familyMember',
    closeReason: 'accessRemoved',
    end: async (w) =>
      expectStatus(await w.owner.call('updateMember', { params: { memberId: w.victim.userId }, body: { entityRoleId: EntityRole.LimitedMember } }), 200),
  },
  advisorRoleNarrowed: {
    victim: 'advisor',
    closeReason: 'accessRemoved',
    end: async (w) =>
      expectStatus(
        await w.owner.call('updateWorkRelationMember', {
          params: { memberId: w.victim.userId, entityId: w.family.familyId },
          body: { workRelationRoleId: WorkRelationRole.Limited },
        }),
        200,
      ),
  },
  advisorRoleRemoved: {
    victim: 'advisor',
    closeReason: 'accessRemoved',
    end: async (w) =>
      expectStatus(
        await w.owner.call('updateWorkRelationMember', {
          params: { memberId: w.victim.userId, entityId: w.family.familyId },
          body: { workRelationRoleId: WorkRelationRole.None },
        }),
        200,
      ),
  },
  sectionUnshared: {
    victim: 'advisorAdmin',
    closeReason: 'accessRemoved',
    end: async (w) =>
      expectStatus(await w.owner.call('updateCanvasShares', { params: { entityId: w.company.entityId }, body: { canvasSections: [w.sharedSectionId] } }), 200),
  },
  relationEnded: {
    victim: 'advisorAdmin',
    closeReason: 'accessRemoved',
    end: async (w) => expectStatus(await w.owner.call('endWorkRelation', { params: { entityId: w.company.entityId } }), 204),
  },
  accessUntilPassed: {
    victim: 'advisorAdmin',
    closeReason: 'accessRemoved',
    opensVictimSocket: true,
    // The access ends with today (UTC). At 23:50 everybody signs in afresh (the sessions of
    // the morning are over by then) and the victim opens the socket: only the access ends
    // at midnight, not the sessions.
    prepare: async (w) => {
      const today = dayIn(now(), 'UTC');
      expectStatus(
        await w.owner.call('updateCanvasShares', { params: { entityId: w.company.entityId }, body: { canvasSections: [], accessUntil: today } }),
        200,
      );
      advanceClock(Date.parse(`${today}T23:50:00Z`) - now().getTime());
      const [owner, witness, victim] = await Promise.all([
        freshSession(w.stack, w.family.owner),
        freshSession(w.stack, w.witness),
        freshSession(w.stack, w.victim),
      ]);
      w.owner = owner;
      w.witnessClient = witness;
      w.victim = { ...w.victim, client: victim };
      await openVictimSocket(w);
    },
    // The next day, 30 seconds in (UTC); the access-expiry job has not run: the rule holds without it.
    end: async () => advanceClock(Date.parse(`${addDays(dayIn(now(), 'UTC'), 1)}T00:00:30Z`) - now().getTime()),
  },
  twoFactorPolicy: {
    victim: 'advisorAdmin',
    closeReason: 'accessRemoved',
    prepare: async (w) => {
      await addPasskey(w.company.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Owner key');
    },
    end: async (w) => expectStatus(await w.company.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } }), 200),
  },
};

/** A new session of an account (after a clock move ended the old one), acting for its entity. */
export async function freshSession(stack: IntegrationStack, account: TestAccount): Promise<ApiClient> {
  const client = stack.client();
  expectStatus(await signIn(client, account.email, account.plainPassword), 200);
  expectStatus(await client.call('setCurrentEntity', { body: { id: account.entityId } }), 200);
  return client;
}

async function created<T>(client: ApiClient, pathName: string, body: unknown): Promise<T> {
  const response = await client.post<T>(pathName, body);
  expectStatus(response, 201);
  return response.body;
}

/** Victim's history path and revert path (an advisor names the family). */
const isAdvisor = (w: EndingWorld) => w.victimKind !== 'familyMember';
export function historyPath(w: EndingWorld): string {
  return isAdvisor(w) ? routePath('getHistory', { familyId: w.family.familyId }) : routePath('getOwnHistory');
}
export function canvasPath(w: EndingWorld): string {
  return isAdvisor(w) ? routePath('getCanvas', { familyId: w.family.familyId }) : routePath('getOwnCanvas');
}
export function planBookPath(w: EndingWorld): string {
  return isAdvisor(w) ? routePath('exportPlanBook', { familyId: w.family.familyId }) : routePath('exportOwnPlanBook');
}
export function revertPath(w: EndingWorld): string {
  return routePath('revertEvent', { eventId: w.ownEventId }, isAdvisor(w) ? { familyId: w.family.familyId } : undefined);
}
/** "Restore this version" of the victim's own takeaway, to how it was right after its creation. */
export function restorePath(w: EndingWorld): string {
  return routePath('restoreVersion', { eventId: w.ownEventId }, isAdvisor(w) ? { familyId: w.family.familyId } : undefined);
}
/** An item's own history (its versions): the victim's path for the item. */
export function itemHistoryPath(w: EndingWorld, itemId: string): string {
  return `${historyPath(w)}?itemId=${encodeURIComponent(itemId)}`;
}

/**
 * Builds one ending's world, lets the victim use every outlet once, ends the right, then
 * has the others act after it: the witness joins the canvas (presence, in the lost
 * section) and the owner writes in the lost and in a kept category (change events).
 */
export async function endingWorld(stack: IntegrationStack, ending: Ending): Promise<EndingWorld> {
  const spec = endingSpecs[ending];
  const family = await familyWithCanvas(stack, `Matrix ${ending}`);
  const [witness, company] = await Promise.all([
    memberOf(stack, family.owner, EntityRole.FullMember, 'Witness'),
    advisorCompanyFor(stack, family.familyId, [], `Matrix ${ending} Advisors`),
  ]);
  const victim =
    spec.victim === 'familyMember'
      ? await memberOf(stack, family.owner, EntityRole.FullMember, 'Victim')
      : spec.victim === 'advisorAdmin'
        ? await memberOf(stack, company, EntityRole.Admin, 'Victim')
        : await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Victim');
  const section = family.canvas.sections[0]!;
  const sharedSection = family.canvas.sections[1]!;
  const categoryId = section.categories[0]!.id;
  const tag = (name: string) => `[${ending}-${name}-m4trix]`;
  const markers: Markers = { before: tag('before'), own: tag('own'), assigned: tag('assigned'), after: tag('after'), afterShared: tag('after-shared') };

  await created<Takeaway>(family.owner.client, routePath('createTakeaway', { categoryId }), { title: `Before ${markers.before}`, categoryId });
  const assigned = await created<ActionPoint>(family.owner.client, routePath('createActionPoint', { categoryId }), {
    title: `Assigned ${markers.assigned}`,
    categoryId,
    assigneeId: victim.userId,
  });
  const own = await created<Takeaway>(victim.client, routePath('createTakeaway', { categoryId }), { title: `Own ${markers.own}`, categoryId });
  const world = {
    stack,
    ending,
    victimKind: spec.victim,
    family,
    owner: family.owner.client,
    witness,
    witnessClient: witness.client,
    company,
    victim,
    victimCookie: '',
    categoryId,
    sectionId: section.id,
    sharedCategoryId: sharedSection.categories[0]!.id,
    sharedSectionId: sharedSection.id,
    markers,
    ownTakeawayId: own.id,
    ownVersion: own.version,
    ownEventId: '',
    assignedId: assigned.id,
    afterId: '',
    afterSharedId: '',
    messagesAtEnding: 0,
    budgetStart: 0,
    digestDueAt: nextDigestHour('weekly', 'UTC', now())!,
  } as EndingWorld;
  const history = await victim.client.get<HistoryPage>(historyPath(world));
  expectStatus(history, 200);
  world.ownEventId = history.body.results.find((event) => event.itemId === own.id)!.id;
  // A read by the victim: an advisor's is a row of the access log.
  expectStatus(await victim.client.call('getCategory', { params: { id: categoryId } }), 200);

  if (!spec.opensVictimSocket) await openVictimSocket(world);
  await spec.prepare?.(world);
  world.victimCookie = world.victim.client.cookieHeader();
  world.messagesAtEnding = world.victimSocket.messages.length;
  world.budgetStart = Date.now();
  await spec.end(world);
  if (spec.movesClock) {
    [world.owner, world.witnessClient] = await Promise.all([freshSession(stack, family.owner), freshSession(stack, witness)]);
    world.budgetStart = Date.now();
  }

  // After the ending: the witness joins and stands in the lost section, away.
  world.witnessSocket = await LiveSocket.open(stack, world.witnessClient, {});
  world.witnessSocket.send({ action: 'presence', sectionId: world.sectionId, categoryId, state: 'away' });
  await world.witnessSocket.waitFor(
    (message) => message.type === 'presence' && message.members.some((member) => member.userId === witness.userId && member.state === 'away'),
    { timeoutMs: 5000 },
  );
  const after = await created<Takeaway>(world.owner, routePath('createTakeaway', { categoryId }), { title: `After ${markers.after}`, categoryId });
  const afterShared = await created<Takeaway>(world.owner, routePath('createTakeaway', { categoryId: world.sharedCategoryId }), {
    title: `After shared ${markers.afterShared}`,
    categoryId: world.sharedCategoryId,
  });
  world.afterId = after.id;
  world.afterSharedId = afterShared.id;
  // The fence: the witness, who keeps every right, has both; whatever the victim gets, it got by now or never.
  await world.witnessSocket.waitFor((message) => message.type === 'change' && message.event.itemId === afterShared.id, { timeoutMs: 5000 });
  return world;
}

/** Sends a request with the victim's pre-ending cookie (a copy of it, whatever the client did since). */
export function asVictim(w: EndingWorld, method: string, pathName: string, body?: unknown): Promise<ApiResponse> {
  const client = new ApiClient(() => w.stack.apiUrl);
  return client.request(method, pathName, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}), {
    headers: w.victimCookie ? { cookie: w.victimCookie } : {},
  });
}

/** Closes the world's sockets. */
export async function closeWorld(w: EndingWorld | undefined): Promise<void> {
  if (!w) return;
  await Promise.all([w.victimSocket, w.witnessSocket].map((socket) => (socket?.isOpen ? socket.close() : undefined)));
}

/** The digest is due, at the earliest, at the next weekly hour; runs later when the clock already passed it. */
export function moveClockToDigest(w: EndingWorld): void {
  const at = Math.max(w.digestDueAt.getTime(), now().getTime()) + 5 * durations.minute;
  advanceClock(at - now().getTime());
}
