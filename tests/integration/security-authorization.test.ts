import { beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../shared/contracts/auth';
import type { EntityListResponse } from '../../shared/contracts/entities';
import { routeByName } from '../../shared/route-paths';
import { useIntegrationStack } from '../support/integration';
import { pdfText } from '../support/pdf';
import { buildRouteCalls, manifestKeys, type CallBuilder, type RouteKey } from '../support/security-calls';
import {
  actorNames,
  buildSecurityWorld,
  outcomeOf,
  secretReaders,
  secrets,
  sendAs,
  type ActorName,
  type Outcome,
  type SecurityWorld,
} from '../support/security-world';

/**
 * The authorization matrix: every route of the manifest, called by every kind of caller
 * with the same prepared target, answers either 2xx ('ok') or the expected catalogue
 * refusal — never a 5xx, and never a body that is not the catalogue's. A route added to
 * the manifest without a row here fails the first test.
 *
 * Columns (see `columns`):
 *   anonymous stranger otherCompany | owner admin full limited | advisorFull advisorSection advisorNone
 * - stranger: owner of another family (with a canvas of its own); otherCompany: owner of an
 *   advisor company without any relation;
 * - owner … limited: the family's members by role;
 * - advisors (full members of their company): full canvas role on every section, full role
 *   limited to one section (the targets live in another one), and role 'none'.
 * Codes: 5 no session; 4 what the caller cannot see; 8 what they see but may not do;
 * 9 a conflict once allowed; 13 already confirmed; 17 an invitation for someone else.
 * Every answer is also searched for markers of content the caller may not read (the
 * unshared section's, the family's private note, the stranger's): one found fails the row.
 *
 * Calls act for the caller's current entity where the route has no id (a stranger's
 * GET /api/canvas reads the stranger's own canvas: 'ok'). Calls that consume their target
 * get a fresh one per caller (tests/support/security-calls.ts); the one call that wipes
 * the shared content (canvas reset) runs last.
 */

const stack = useIntegrationStack();

const columns = actorNames;

type Row = {
  /** Outcomes in column order; 'ok' is any 2xx, a number the expected error code. `|` separates groups. */
  expected: string;
  /** Runs after every other row: it wipes what the others need. */
  isLast?: true;
  /** Callers one after another in column order (a later one meets what an earlier one made). */
  isSequential?: true;
};

const everybody = 'ok ok ok | ok ok ok ok | ok ok ok';
const signedIn = '5 ok ok | ok ok ok ok | ok ok ok';

const matrix: Record<RouteKey, Row> = {
  // ---- public routes ---------------------------------------------------------------------
  sendContactMessage: { expected: everybody },
  getSalt: { expected: everybody },
  signUp: { expected: everybody },
  signIn: { expected: everybody },
  signOut: { expected: everybody },
  confirmEmail: { expected: everybody },
  // Without an e-mail it serves the signed-in user, all of whom are confirmed.
  resendConfirmationLink: { expected: '5 13 13 | 13 13 13 13 | 13 13 13' },
  sendReset: { expected: everybody },
  resetPassword: { expected: everybody },
  checkReset: { expected: everybody },
  // Links from mails: a token nobody was sent is refused as such (20) for anybody.
  reportNotMe: { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  requestFactorRecovery: { expected: everybody },
  factorRecoveryStatus: { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  startFactorRecovery: { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  completeFactorRecovery: { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  cancelFactorRecovery: { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  listPrefixes: { expected: everybody },
  listPrivacyLevels: { expected: everybody },
  listCountries: { expected: everybody },
  getMemberInvitation: { expected: everybody },
  getFamilyInvitation: { expected: everybody },
  getAdvisorInvitation: { expected: everybody },
  authenticationOptions: { expected: everybody },
  signInWithPasskey: { expected: everybody },

  // ---- the caller's own account ----------------------------------------------------------
  setCurrentEntity: { expected: '5 4 4 | ok ok ok ok | 4 4 4' },
  // Two-factor sign-in: a second step from a browser that passed no password step is refused for anybody (89).
  signInMfa: { expected: '89 89 89 | 89 89 89 89 | 89 89 89' },
  reauthenticate: { expected: signedIn },
  getTwoFactorStatus: { expected: signedIn },
  setupTotp: { expected: signedIn },
  // A code that is not the authenticator's (90); enabling with a right one: tests/integration/two-factor.test.ts.
  enableTotp: { expected: '5 90 90 | 90 90 90 90 | 90 90 90' },
  // Nobody has TOTP on (94); the re-authentication check comes first (92 in two-factor.test.ts).
  disableTotp: { expected: '5 94 94 | 94 94 94 94 | 94 94 94' },
  // The current entity's policy: advisor companies only (a family is 4); changed by the company's owner only.
  getTwoFactorPolicy: { expected: '5 4 ok | 4 4 4 4 | ok ok ok' },
  updateTwoFactorPolicy: { expected: '5 4 ok | 4 4 4 4 | 8 8 8' },
  changePassword: { expected: signedIn },
  getProfile: { expected: signedIn },
  updateUser: { expected: '5 8 8 | ok 8 8 8 | 8 8 8' },
  addAddress: { expected: signedIn },
  updateAddress: { expected: '5 4 4 | ok 4 4 4 | 4 4 4' },
  updatePrivacySettings: { expected: signedIn },
  listSessions: { expected: signedIn },
  // Each caller ends a session of their own (another user's id is 4: tests/integration/sessions.test.ts).
  revokeSession: { expected: signedIn },
  revokeOtherSessions: { expected: signedIn },
  // Passkeys: each caller's own (another user's passkey is 4: tests/integration/passkeys.test.ts).
  registrationOptions: { expected: signedIn },
  registerPasskey: { expected: signedIn },
  listPasskeys: { expected: signedIn },
  renamePasskey: { expected: signedIn },
  removePasskey: { expected: signedIn },
  getNotificationSettings: { expected: signedIn },
  updateNotificationSettings: { expected: signedIn },
  // Public: the token in the URL names the user (one-click unsubscribe works without a session).
  getUnsubscribe: { expected: everybody },
  unsubscribe: { expected: everybody },
  listEntities: { expected: signedIn },
  createEntity: { expected: signedIn },
  listMemberRoles: { expected: signedIn },
  listWorkRelationRoles: { expected: signedIn },

  // ---- entities ----------------------------------------------------------------------------
  updateEntity: { expected: '5 ok ok | ok ok 8 8 | 8 8 8' },
  // The owner adds the family's billing address; the admin, allowed as well, then meets it (9).
  addEntityAddress: { expected: '5 ok ok | ok 9 8 8 | 8 8 8', isSequential: true },
  updateEntityAddress: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  getEntity: { expected: '5 4 4 | ok ok ok ok | ok ok ok' },
  // Another company of the family, seen through it: the family's members and the company's own people; no other
  // advisor while the family does not show its companies to its advisors (4; the default; shown:
  // tests/integration/work-relations-entities.test.ts).
  getEntityViaFamily: { expected: '5 4 4 | ok ok ok ok | 4 ok 4' },
  getNote: { expected: '5 4 4 | ok ok ok 8 | ok ok ok' },
  createNote: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  updateNote: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  listFamiliesForInvite: { expected: signedIn },
  listAdvisorCompaniesForInvite: { expected: signedIn },
  getEntityBySection: { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  getWorkRelationMemberPermissions: { expected: '5 4 4 | ok ok ok ok | ok ok ok' },

  // ---- member invitations ------------------------------------------------------------------
  createMemberInvitation: { expected: '5 ok ok | ok ok 8 8 | 8 8 8' },
  sendMemberInvitationEmail: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  listMemberInvitations: { expected: '5 ok ok | ok ok 8 8 | 8 8 8' },
  resendMemberInvitation: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  revokeMemberInvitation: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  acceptMemberInvitation: { expected: '5 17 17 | 17 17 17 17 | 17 17 17' },

  // ---- entity members ----------------------------------------------------------------------
  listOwners: { expected: signedIn },
  listMembers: { expected: signedIn },
  listCanvasUsers: { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  listOwnersOf: { expected: '5 4 4 | ok ok ok ok | ok ok 8' },
  listOwnersViaFamily: { expected: '5 4 4 | ok ok ok ok | 4 ok 4' },
  listAdvisors: { expected: signedIn },
  listAdvisorsOfFamily: { expected: '5 4 4 | ok ok ok ok | ok ok 8' },
  getAdvisor: { expected: '5 4 4 | ok ok ok ok | ok 4 ok' },
  listFamilyMembers: { expected: '5 8 4 | 8 8 8 8 | ok ok 8' },
  getFamilyMember: { expected: '5 8 4 | 8 8 8 8 | ok ok 4' },
  listAdvisorsNotForFamily: { expected: '5 4 4 | ok ok ok ok | 4 4 4' },
  getMember: { expected: '5 4 4 | ok ok ok ok | 4 4 4' },
  // A member of another entity than the caller's current one is not found (4).
  updateMember: { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  removeMember: { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },

  // ---- work-relation invitations -----------------------------------------------------------
  createFamilyInvitation: { expected: '5 8 ok | 8 8 8 8 | 8 8 8' },
  sendFamilyInvitationEmail: { expected: '5 8 4 | 8 8 8 8 | 8 8 8' },
  listFamilyInvitations: { expected: '5 8 ok | 8 8 8 8 | 8 8 8' },
  resendFamilyInvitation: { expected: '5 8 4 | 8 8 8 8 | 8 8 8' },
  revokeFamilyInvitation: { expected: '5 8 4 | 8 8 8 8 | 8 8 8' },
  acceptFamilyInvitation: { expected: '5 17 17 | 17 17 17 17 | 17 17 17' },
  createAdvisorInvitation: { expected: '5 ok 8 | ok ok 8 8 | 8 8 8' },
  sendAdvisorInvitationEmail: { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },
  listAdvisorInvitations: { expected: '5 ok 8 | ok ok 8 8 | 8 8 8' },
  resendAdvisorInvitation: { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },
  revokeAdvisorInvitation: { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },
  acceptAdvisorInvitation: { expected: '5 17 17 | 17 17 17 17 | 17 17 17' },

  // ---- work relations ----------------------------------------------------------------------
  listAdvisorCompanies: { expected: '5 ok 8 | ok ok ok ok | 8 8 8' },
  listFamilies: { expected: '5 8 ok | 8 8 8 8 | ok ok ok' },
  listDashboardFamilies: { expected: '5 8 ok | 8 8 8 8 | ok ok ok' },
  listCanvasAdvisorCompanies: { expected: '5 ok 4 | ok ok ok ok | 4 4 4' },
  listCanvasAdvisorCompaniesOf: { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  listSectionAdvisorCompanies: { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  addWorkRelationMember: { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  updateWorkRelationMember: { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  removeWorkRelationMember: { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  // Owners, admins and RemoveWorkRelation on either side; each family caller ends a fresh relation of its own.
  endWorkRelation: { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  getCanvasShares: { expected: '5 4 8 | ok ok ok ok | 8 8 8' },
  updateCanvasShares: { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },

  // ---- canvas --------------------------------------------------------------------------------
  createCanvas: { expected: '5 9 8 | 9 9 8 8 | 8 8 8' },
  getOwnCanvas: { expected: '5 ok 4 | ok ok ok ok | 4 4 4' },
  getCanvas: { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  updateCanvasTitle: { expected: '5 ok 8 | ok ok 8 8 | 8 8 8' },
  resetCanvas: { expected: '5 ok 8 | ok ok 8 8 | 8 8 8', isLast: true },
  getSection: { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  // The journal: readers of the canvas see the events of what they may see (the leak scan
  // checks the section-limited advisor); undo is the actor's, or the family's owner's or admin's.
  getOwnHistory: { expected: '5 ok 4 | ok ok ok ok | 4 4 4' },
  getHistory: { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  revertEvent: { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  // "Restore this version": whoever may edit the item now (a takeaway: edit rights); hidden sections are not found.
  restoreVersion: { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  getAccessLog: { expected: '5 ok 8 | ok ok ok 8 | 8 8 8' },
  getAccessLogCsv: { expected: '5 ok 8 | ok ok ok 8 | 8 8 8' },
  getCompanyAccessLog: { expected: '5 8 ok | 8 8 8 8 | 8 8 8' },
  getCategory: { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  // The plan book: whoever reads the canvas, with what they see (the leak scan reads the PDF's text).
  // One caller at a time: a render holds the event loop this process shares with the gateway
  // for about a second, and ten at once let kept-alive sockets time out under the client.
  exportOwnPlanBook: { expected: '5 ok 4 | ok ok ok ok | 4 4 4', isSequential: true },
  exportPlanBook: { expected: '5 4 4 | ok ok ok ok | ok ok 4', isSequential: true },
  createAnswer: { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  updateAnswer: { expected: '5 4 4 | 8 8 ok 8 | 8 4 4' },
  deleteAnswer: { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  addAnswerVote: { expected: '5 4 4 | ok ok 8 8 | ok 4 4' },
  removeAnswerVote: { expected: '5 4 4 | ok ok 4 8 | ok 4 4' },
  createTakeaway: { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  // Takeaways are edited and archived by anyone with edit rights (docs/product/canvas.md#takeaways).
  // Rows where several callers may change one item run one caller after another: concurrent
  // edits of one item race on its version, and a writer that loses three times is told to
  // reload (409, code 9), which is not what this matrix is about.
  updateTakeaway: { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  archiveTakeaway: { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  deleteTakeaway: { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  addTakeawayVote: { expected: '5 4 4 | ok ok 8 8 | ok 4 4' },
  removeTakeawayVote: { expected: '5 4 4 | ok ok 4 8 | ok 4 4' },
  createGoal: { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  // A goal's or action point's edit form is its creator's (docs/product/canvas.md#permissions); completing it is anyone's who may edit.
  updateGoal: { expected: '5 4 4 | 8 8 ok 8 | 8 4 4' },
  completeGoal: { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  deleteGoal: { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  createActionPoint: { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  updateActionPoint: { expected: '5 4 4 | 8 8 ok 8 | 8 4 4' },
  completeActionPoint: { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  deleteActionPoint: { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  // The caller's own assigned action points, wherever they may see them (the leak scan checks the section-limited advisor).
  listMyActionPoints: { expected: signedIn },
};

function parseRow(expected: string): Record<ActorName, Outcome> {
  const cells = expected.split(/[\s|]+/).filter(Boolean);
  if (cells.length !== columns.length) throw new Error(`row "${expected}" has ${cells.length} cells, not ${columns.length}`);
  return Object.fromEntries(columns.map((actor, index) => [actor, cells[index] === 'ok' ? 'ok' : Number(cells[index])])) as Record<ActorName, Outcome>;
}

/** Rows in manifest order, the ones marked last at the end (vitest runs a file's tests in order). */
const orderedKeys = [...manifestKeys().filter((key) => !matrix[key]?.isLast), ...manifestKeys().filter((key) => matrix[key]?.isLast)];

let world: SecurityWorld;
let calls: Record<RouteKey, CallBuilder>;

beforeAll(async () => {
  world = await buildSecurityWorld(stack);
  calls = buildRouteCalls(world);
}, 120_000);

describe('the authorization matrix', () => {
  it('has exactly one row, and one call, per manifest route', () => {
    const manifest = manifestKeys();
    expect(new Set(manifest).size).toBe(manifest.length);
    expect(Object.keys(matrix).sort()).toEqual([...manifest].sort());
    expect(Object.keys(calls).sort()).toEqual([...manifest].sort());
    for (const row of Object.values(matrix)) parseRow(row.expected);
  });

  it.each(orderedKeys)('%s', async (key) => {
    const row = matrix[key];
    const builder = calls[key];
    if (!row || !builder) throw new Error(`no matrix row or call for ${key}`);
    const expected = parseRow(row.expected);
    const method = routeByName(key).method;
    const prepared = await Promise.all(columns.map(async (actor) => ({ actor, call: await builder(actor) })));
    const actual = {} as Record<ActorName, Outcome | string>;
    const send = async ({ actor, call }: (typeof prepared)[number]) => {
      const response = await sendAs(world, actor, method, call);
      actual[actor] = outcomeOf(response);
      // A successful answer never carries what this caller may not read; a PDF (the plan book) is searched in its text.
      const text = Buffer.isBuffer(response.body) ? pdfText(response.body) : JSON.stringify(response.body ?? '');
      for (const [name, marker] of Object.entries(secrets) as Array<[keyof typeof secrets, string]>) {
        if (!secretReaders[name].includes(actor) && text.includes(marker)) actual[actor] = `leaks ${name}`;
      }
    };
    if (row.isSequential) for (const entry of prepared) await send(entry);
    else await Promise.all(prepared.map(send));
    expect(actual).toEqual(expected);
  });

  it('left every actor signed in as themselves, still a member of their entity', async () => {
    const checks = await Promise.all(
      Object.entries(world.accounts).map(async ([actor, account]) => {
        const profile = await account.client.call<'getProfile', UserProfile>('getProfile');
        const entities = await account.client.call<'listEntities', EntityListResponse>('listEntities');
        return { actor, userId: profile.body.id, isMember: entities.body.some((entity) => entity.id === account.entityId) };
      }),
    );
    for (const check of checks)
      expect(check, check.actor).toEqual({ actor: check.actor, userId: world.accounts[check.actor as keyof typeof world.accounts].userId, isMember: true });
  });
});
