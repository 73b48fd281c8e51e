import { beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../shared/contracts/auth';
import type { EntityListResponse } from '../../shared/contracts/entities';
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
  'POST /api/contact-form': { expected: everybody },
  'POST /api/auth/salt': { expected: everybody },
  'POST /api/auth/signup': { expected: everybody },
  'POST /api/auth/signin': { expected: everybody },
  'POST /api/auth/signout': { expected: everybody },
  'GET /api/email-confirmation': { expected: everybody },
  // Without an e-mail it serves the signed-in user, all of whom are confirmed.
  'POST /api/email-confirmation/resend-confirmation-link': { expected: '5 13 13 | 13 13 13 13 | 13 13 13' },
  'POST /api/password/send-reset': { expected: everybody },
  'POST /api/password/reset': { expected: everybody },
  'POST /api/password/check-reset': { expected: everybody },
  // Links from mails: a token nobody was sent is refused as such (20) for anybody.
  'POST /api/password/not-me': { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  'POST /api/password/factor-recovery/request': { expected: everybody },
  'POST /api/password/factor-recovery/status': { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  'POST /api/password/factor-recovery/start': { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  'POST /api/password/factor-recovery/complete': { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  'POST /api/password/factor-recovery/cancel': { expected: '20 20 20 | 20 20 20 20 | 20 20 20' },
  'GET /api/user/prefixes': { expected: everybody },
  'GET /api/privacy-settings': { expected: everybody },
  'GET /api/addresses/countries': { expected: everybody },
  'GET /api/member-invitation': { expected: everybody },
  'GET /api/family-invitation': { expected: everybody },
  'GET /api/advisor-invitation': { expected: everybody },
  'POST /api/auth/passkey/options': { expected: everybody },
  'POST /api/auth/passkey': { expected: everybody },

  // ---- the caller's own account ----------------------------------------------------------
  'POST /api/auth/set-current-entity': { expected: '5 4 4 | ok ok ok ok | 4 4 4' },
  // Two-factor sign-in: a second step from a browser that passed no password step is refused for anybody (89).
  'POST /api/auth/signin/mfa': { expected: '89 89 89 | 89 89 89 89 | 89 89 89' },
  'POST /api/auth/reauthenticate': { expected: signedIn },
  'GET /api/mfa/status': { expected: signedIn },
  'POST /api/mfa/totp/setup': { expected: signedIn },
  // A code that is not the authenticator's (90); enabling with a right one: tests/integration/two-factor.test.ts.
  'POST /api/mfa/totp/enable': { expected: '5 90 90 | 90 90 90 90 | 90 90 90' },
  // Nobody has TOTP on (94); the re-authentication check comes first (92 in two-factor.test.ts).
  'POST /api/mfa/totp/disable': { expected: '5 94 94 | 94 94 94 94 | 94 94 94' },
  // The current entity's policy: advisor companies only (a family is 4); changed by the company's owner only.
  'GET /api/entities/two-factor-policy': { expected: '5 4 ok | 4 4 4 4 | ok ok ok' },
  'PUT /api/entities/two-factor-policy': { expected: '5 4 ok | 4 4 4 4 | 8 8 8' },
  'PATCH /api/password/change': { expected: signedIn },
  'GET /api/user/profile': { expected: signedIn },
  'PATCH /api/user/{userId}': { expected: '5 8 8 | ok 8 8 8 | 8 8 8' },
  'POST /api/user/address': { expected: signedIn },
  'PATCH /api/user/address/{id}': { expected: '5 4 4 | ok 4 4 4 | 4 4 4' },
  'POST /api/user/privacy': { expected: signedIn },
  'GET /api/user/sessions': { expected: signedIn },
  // Each caller ends a session of their own (another user's id is 4: tests/integration/sessions.test.ts).
  'DELETE /api/user/sessions/{id}': { expected: signedIn },
  'POST /api/user/sessions/revoke-others': { expected: signedIn },
  // Passkeys: each caller's own (another user's passkey is 4: tests/integration/passkeys.test.ts).
  'POST /api/mfa/passkey/register/options': { expected: signedIn },
  'POST /api/mfa/passkey/register': { expected: signedIn },
  'GET /api/mfa/passkeys': { expected: signedIn },
  'POST /api/mfa/passkey/{id}': { expected: signedIn },
  'DELETE /api/mfa/passkey/{id}': { expected: signedIn },
  'GET /api/user/notifications': { expected: signedIn },
  'PUT /api/user/notifications': { expected: signedIn },
  // Public: the token in the URL names the user (one-click unsubscribe works without a session).
  'GET /api/unsubscribe': { expected: everybody },
  'POST /api/unsubscribe': { expected: everybody },
  'GET /api/entities': { expected: signedIn },
  'POST /api/entities': { expected: signedIn },
  'GET /api/authorization/member-roles': { expected: signedIn },
  'GET /api/authorization/work-relation-roles': { expected: signedIn },

  // ---- entities ----------------------------------------------------------------------------
  'PATCH /api/entities/update': { expected: '5 ok ok | ok ok 8 8 | 8 8 8' },
  // The owner adds the family's billing address; the admin, allowed as well, then meets it (9).
  'POST /api/entities/address': { expected: '5 ok ok | ok 9 8 8 | 8 8 8', isSequential: true },
  'PATCH /api/entities/address/{id}': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'GET /api/entities/{entityId}': { expected: '5 4 4 | ok ok ok ok | ok ok ok' },
  // Another company of the family, seen through it: the family's members and the company's own people; no other
  // advisor while the family does not show its companies to its advisors (4; the default; shown:
  // tests/integration/work-relations-entities.test.ts).
  'GET /api/entities/{entityId}/{familyId}': { expected: '5 4 4 | ok ok ok ok | 4 ok 4' },
  'GET /api/entities/notes/{entityId}': { expected: '5 4 4 | ok ok ok 8 | ok ok ok' },
  'POST /api/entities/notes/{entityId}': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'PATCH /api/entities/notes/{entityId}': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'GET /api/entities/list-families-for-invite/{inviterId}': { expected: signedIn },
  'GET /api/entities/list-advisor-companies-for-invite/{inviterId}': { expected: signedIn },
  'GET /api/entities/get-by-section/{sectionId}': { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  'GET /api/authorization/work-relation-member-permissions/{entityId}': { expected: '5 4 4 | ok ok ok ok | ok ok ok' },

  // ---- member invitations ------------------------------------------------------------------
  'POST /api/member-invitation/create': { expected: '5 ok ok | ok ok 8 8 | 8 8 8' },
  'POST /api/member-invitation/send-email': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'GET /api/member-invitation/list': { expected: '5 ok ok | ok ok 8 8 | 8 8 8' },
  'POST /api/member-invitation/resend': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'DELETE /api/member-invitation/revoke/{id}': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'GET /api/member-invitation/accept': { expected: '5 17 17 | 17 17 17 17 | 17 17 17' },

  // ---- entity members ----------------------------------------------------------------------
  'GET /api/entity-member/owners': { expected: signedIn },
  'GET /api/entity-member/members': { expected: signedIn },
  'GET /api/entity-member/list-canvas-users/{entityId}': { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  'GET /api/entity-member/owners/{entityId}': { expected: '5 4 4 | ok ok ok ok | ok ok 8' },
  'GET /api/entity-member/owners/{entityId}/{familyId}': { expected: '5 4 4 | ok ok ok ok | 4 ok 4' },
  'POST /api/entity-member/list-advisors': { expected: signedIn },
  'POST /api/entity-member/list-advisors/{familyId}': { expected: '5 4 4 | ok ok ok ok | ok ok 8' },
  'GET /api/entity-member/advisor/{memberId}': { expected: '5 4 4 | ok ok ok ok | ok 4 ok' },
  'POST /api/entity-member/list-family-members': { expected: '5 8 4 | 8 8 8 8 | ok ok 8' },
  'GET /api/entity-member/family-member/{memberId}': { expected: '5 8 4 | 8 8 8 8 | ok ok 4' },
  'GET /api/entity-member/list-advisors-not-for-family/{entityId}': { expected: '5 4 4 | ok ok ok ok | 4 4 4' },
  'GET /api/entity-member/{memberId}': { expected: '5 4 4 | ok ok ok ok | 4 4 4' },
  // A member of another entity than the caller's current one is not found (4).
  'POST /api/entity-member/{memberId}': { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  'DELETE /api/entity-member/{memberId}': { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },

  // ---- work-relation invitations -----------------------------------------------------------
  'POST /api/family-invitation/create': { expected: '5 8 ok | 8 8 8 8 | 8 8 8' },
  'POST /api/family-invitation/send-email': { expected: '5 8 4 | 8 8 8 8 | 8 8 8' },
  'GET /api/family-invitation/list': { expected: '5 8 ok | 8 8 8 8 | 8 8 8' },
  'POST /api/family-invitation/resend': { expected: '5 8 4 | 8 8 8 8 | 8 8 8' },
  'DELETE /api/family-invitation/revoke/{id}': { expected: '5 8 4 | 8 8 8 8 | 8 8 8' },
  'POST /api/family-invitation/accept': { expected: '5 17 17 | 17 17 17 17 | 17 17 17' },
  'POST /api/advisor-invitation/create': { expected: '5 ok 8 | ok ok 8 8 | 8 8 8' },
  'POST /api/advisor-invitation/send-email': { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },
  'GET /api/advisor-invitation/list': { expected: '5 ok 8 | ok ok 8 8 | 8 8 8' },
  'POST /api/advisor-invitation/resend': { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },
  'DELETE /api/advisor-invitation/revoke/{id}': { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },
  'POST /api/advisor-invitation/accept': { expected: '5 17 17 | 17 17 17 17 | 17 17 17' },

  // ---- work relations ----------------------------------------------------------------------
  'POST /api/work-relation/list-advisor-companies': { expected: '5 ok 8 | ok ok ok ok | 8 8 8' },
  'POST /api/work-relation/list-families': { expected: '5 8 ok | 8 8 8 8 | ok ok ok' },
  'POST /api/work-relation/list-dashboard-families': { expected: '5 8 ok | 8 8 8 8 | ok ok ok' },
  'GET /api/work-relation/list-canvas-advisor-companies': { expected: '5 ok 4 | ok ok ok ok | 4 4 4' },
  'GET /api/work-relation/list-canvas-advisor-companies/{id}': { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  'GET /api/work-relation/list-section-advisor-companies/{id}': { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  'POST /api/work-relation-member/{entityId}': { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  'POST /api/work-relation-member/update/{memberId}/{entityId}': { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  'DELETE /api/work-relation-member/{memberId}/{entityId}': { expected: '5 4 4 | ok ok 8 8 | 4 4 4' },
  // Owners, admins and RemoveWorkRelation on either side; each family caller ends a fresh relation of its own.
  'DELETE /api/work-relation/{entityId}': { expected: '5 4 4 | ok ok 8 8 | 8 8 8' },
  'GET /api/canvas-shares/{entityId}': { expected: '5 4 8 | ok ok ok ok | 8 8 8' },
  'PATCH /api/canvas-shares/{entityId}': { expected: '5 4 8 | ok ok 8 8 | 8 8 8' },

  // ---- canvas --------------------------------------------------------------------------------
  'POST /api/canvas/create': { expected: '5 9 8 | 9 9 8 8 | 8 8 8' },
  'GET /api/canvas': { expected: '5 ok 4 | ok ok ok ok | 4 4 4' },
  'GET /api/canvas/{familyId}': { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  'PATCH /api/canvas': { expected: '5 ok 8 | ok ok 8 8 | 8 8 8' },
  'PATCH /api/canvas/reset': { expected: '5 ok 8 | ok ok 8 8 | 8 8 8', isLast: true },
  'GET /api/canvas/section/{id}': { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  // The journal: readers of the canvas see the events of what they may see (the leak scan
  // checks the section-limited advisor); undo is the actor's, or the family's owner's or admin's.
  'GET /api/canvas/history': { expected: '5 ok 4 | ok ok ok ok | 4 4 4' },
  'GET /api/canvas/history/{familyId}': { expected: '5 4 4 | ok ok ok ok | ok ok 4' },
  'POST /api/canvas/history/{eventId}/revert': { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  // "Restore this version": whoever may edit the item now (a takeaway: edit rights); hidden sections are not found.
  'POST /api/canvas/history/{eventId}/restore': { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  'GET /api/canvas/access-log': { expected: '5 ok 8 | ok ok ok 8 | 8 8 8' },
  'GET /api/canvas/access-log.csv': { expected: '5 ok 8 | ok ok ok 8 | 8 8 8' },
  'GET /api/entities/access-log': { expected: '5 8 ok | 8 8 8 8 | 8 8 8' },
  'GET /api/canvas/category/{id}': { expected: '5 4 4 | ok ok ok ok | ok 4 4' },
  // The plan book: whoever reads the canvas, with what they see (the leak scan reads the PDF's text).
  // One caller at a time: a render holds the event loop this process shares with the gateway
  // for about a second, and ten at once let kept-alive sockets time out under the client.
  'POST /api/canvas/plan-book': { expected: '5 ok 4 | ok ok ok ok | 4 4 4', isSequential: true },
  'POST /api/canvas/plan-book/{familyId}': { expected: '5 4 4 | ok ok ok ok | ok ok 4', isSequential: true },
  'POST /api/canvas-answer/create/{questionId}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  'PATCH /api/canvas-answer/{id}': { expected: '5 4 4 | 8 8 ok 8 | 8 4 4' },
  'DELETE /api/canvas-answer/{id}': { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  'POST /api/canvas-answer/vote/{answerId}': { expected: '5 4 4 | ok ok 8 8 | ok 4 4' },
  'DELETE /api/canvas-answer/vote/{answerId}': { expected: '5 4 4 | ok ok 4 8 | ok 4 4' },
  'POST /api/canvas-takeaway/create/{categoryId}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  // Takeaways are edited and archived by anyone with edit rights (docs/product/canvas.md#takeaways).
  // Rows where several callers may change one item run one caller after another: concurrent
  // edits of one item race on its version, and a writer that loses three times is told to
  // reload (409, code 9), which is not what this matrix is about.
  'PATCH /api/canvas-takeaway/{id}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  'PATCH /api/canvas-takeaway/archive/{id}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  'DELETE /api/canvas-takeaway/{id}': { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  'POST /api/canvas-takeaway/vote/{takeawayId}': { expected: '5 4 4 | ok ok 8 8 | ok 4 4' },
  'DELETE /api/canvas-takeaway/vote/{takeawayId}': { expected: '5 4 4 | ok ok 4 8 | ok 4 4' },
  'POST /api/canvas-goal/create/{categoryId}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  // A goal's or action point's edit form is its creator's (docs/product/canvas.md#permissions); completing it is anyone's who may edit.
  'PATCH /api/canvas-goal/{id}': { expected: '5 4 4 | 8 8 ok 8 | 8 4 4' },
  'PATCH /api/canvas-goal/complete/{id}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  'DELETE /api/canvas-goal/{id}': { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  'POST /api/canvas-action-point/create/{categoryId}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4' },
  'PATCH /api/canvas-action-point/{id}': { expected: '5 4 4 | 8 8 ok 8 | 8 4 4' },
  'PATCH /api/canvas-action-point/complete/{id}': { expected: '5 4 4 | ok ok ok 8 | ok 4 4', isSequential: true },
  'DELETE /api/canvas-action-point/{id}': { expected: '5 4 4 | ok ok ok 8 | 8 4 4' },
  // The caller's own assigned action points, wherever they may see them (the leak scan checks the section-limited advisor).
  'GET /api/canvas-action-point/mine': { expected: signedIn },
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
    const method = key.split(' ')[0]!;
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
        const profile = await account.client.get<UserProfile>('/api/user/profile');
        const entities = await account.client.get<EntityListResponse>('/api/entities');
        return { actor, userId: profile.body.id, isMember: entities.body.some((entity) => entity.id === account.entityId) };
      }),
    );
    for (const check of checks)
      expect(check, check.actor).toEqual({ actor: check.actor, userId: world.accounts[check.actor as keyof typeof world.accounts].userId, isMember: true });
  });
});
