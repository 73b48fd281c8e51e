import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../shared/contracts/canvas';
import type { HistoryPage } from '../../shared/contracts/history';
import type { LiveServerMessage } from '../../shared/contracts/live';
import type { MyActionPointsResponse } from '../../shared/contracts/my-actions';
import type { DashboardFamiliesResponse } from '../../shared/contracts/work-relations';
import { resetClock } from '../../functions/lib/clock';
import { runDigests } from '../../functions/jobs/digest/handler';
import {
  asVictim,
  canvasPath,
  closeWorld,
  endings,
  endingSpecs,
  endingWorld,
  historyPath,
  itemHistoryPath,
  restorePath,
  liveMessageOutlets,
  liveMessageTypes,
  mailingJobOutlets,
  mailingJobs,
  mailOutlets,
  mailTemplates,
  moveClockToDigest,
  outlets,
  planBookPath,
  readingRouteKeys,
  revertPath,
  routeOutlets,
  type Ending,
  type EndingWorld,
  type NotAnOutlet,
  type Outlet,
} from '../support/access-matrix';
import { useIntegrationStack } from '../support/integration';
import { pdfText } from '../support/pdf';
import { outcomeOf } from '../support/security-world';
import { routePath } from '../support/route-calls';

/**
 * A right that ends, ends everywhere: every outlet (a way canvas content reaches a person)
 * × every ending (a way a right to it ends), through the real stack: HTTP through the local
 * gateway with the victim's cookie as it was before the ending, real WebSocket clients, the
 * digest job run in-process and its mail read from the SES emulator, the plan book's PDF
 * read as text. One world per ending (tests/support/access-matrix.ts endingWorld): the
 * victim uses every outlet before the ending; after it the witness (a family member who
 * keeps every right) joins the canvas and stands in the lost section, and the owner writes
 * in the lost and in a kept category. The witness receiving both writes is the fence for
 * the sockets.
 *
 * The cells (what "nothing is delivered" means for that outlet):
 * - a number: HTTP answers that catalogue code (7 a session that ended, 4 what the caller
 *   no longer sees, 76 a canvas whose relation with the caller's company ended, 8 what they may
 *   no longer do) and nothing of the canvas; a refused
 *   write, undo or restore changes nothing;
 * - 'closed': the socket gets `closed` (the ending's reason) and closes within 5 s of the
 *   ending, and gets no `change` or `presence` after the ending. Where the ending is the
 *   clock passing a session's limit, the 5 s count from when the others, signed in afresh,
 *   start acting: the first moment there is anything to deliver;
 * - 'none': the outlet still answers (it is the caller's, not the canvas's) but carries
 *   nothing of the family: no action point, no dashboard card with a canvas, no digest
 *   content;
 * - 'filtered': the kept part is delivered, the lost part (the first section) is not; a
 *   presence entry in it shows no place;
 * - 'kept': the ending does not touch this right (a narrower role still reads): delivered;
 * - na(reason): the pair makes no sense, said why.
 */

const stack = useIntegrationStack();

type NotApplicable = { na: string };
type Cell = number | 'closed' | 'none' | 'filtered' | 'kept' | NotApplicable;
const na = (reason: string): NotApplicable => ({ na: reason });

const digestFollowsTheAccount = na('the digest goes to the account, not to a session: ending a session ends no right to it');
const noDashboardForFamilies = na('the dashboard is an advisor’s: a family member has no card');
const noCompanyLog = na('an advisor who is no admin of their company never reads its access log');

/** A session that ends: the victim (an advisor company's admin) is nobody to the server any more. */
const sessionEnded = {
  httpRead: 7,
  httpWrite: 7,
  liveChange: 'closed',
  presence: 'closed',
  history: 7,
  undo: 7,
  restore: 7,
  myActions: 7,
  dashboard: 7,
  planBook: 7,
  accessLog: 7,
  digest: digestFollowsTheAccount,
} as const satisfies Record<Outlet, Cell>;

/** The advisor's company loses the family: the company's own access log stays (its record of its people's reads). */
const relationGone = {
  httpRead: 4,
  httpWrite: 4,
  liveChange: 'closed',
  presence: 'closed',
  history: 4,
  undo: 4,
  restore: 4,
  myActions: 'none',
  dashboard: 'none',
  planBook: 4,
  accessLog: 'kept',
  digest: 'none',
} as const satisfies Record<Outlet, Cell>;

const matrix: Record<Ending, Record<Outlet, Cell>> = {
  signOut: sessionEnded,
  sessionRevoked: sessionEnded,
  idleExpiry: sessionEnded,
  absoluteExpiry: sessionEnded,
  passwordReset: sessionEnded,
  // A full member removed from the family.
  memberRemoved: {
    httpRead: 4,
    httpWrite: 4,
    liveChange: 'closed',
    presence: 'closed',
    history: 4,
    undo: 4,
    restore: 4,
    myActions: 'none',
    dashboard: noDashboardForFamilies,
    planBook: 4,
    accessLog: 8,
    digest: 'none',
  },
  // A full member made a limited member: reads stay, writes, undo and the access log go.
  roleNarrowed: {
    httpRead: 'kept',
    httpWrite: 8,
    liveChange: 'kept',
    presence: 'kept',
    history: 'kept',
    undo: 8,
    restore: 8,
    myActions: 'kept',
    dashboard: noDashboardForFamilies,
    planBook: 'kept',
    accessLog: 8,
    digest: 'kept',
  },
  // A plain advisor's canvas role for the family narrowed from full to read access.
  advisorRoleNarrowed: {
    httpRead: 'kept',
    httpWrite: 8,
    liveChange: 'kept',
    presence: 'kept',
    history: 'kept',
    undo: 8,
    restore: 8,
    myActions: 'kept',
    dashboard: 'kept',
    planBook: 'kept',
    accessLog: noCompanyLog,
    digest: 'kept',
  },
  // A plain advisor's canvas role for the family set to no access.
  advisorRoleRemoved: {
    httpRead: 4,
    httpWrite: 4,
    liveChange: 'closed',
    presence: 'closed',
    history: 4,
    undo: 4,
    restore: 4,
    myActions: 'none',
    dashboard: 'none',
    planBook: 4,
    accessLog: noCompanyLog,
    digest: 'none',
  },
  // The family shares only the second section with the advisor's company.
  sectionUnshared: {
    httpRead: 'filtered',
    httpWrite: 4,
    liveChange: 'filtered',
    presence: 'filtered',
    history: 'filtered',
    undo: 4,
    restore: 4,
    myActions: 'filtered',
    dashboard: 'filtered',
    planBook: 'filtered',
    accessLog: 'kept',
    digest: 'filtered',
  },
  // Those who knew the canvas are told their access ended (76, ACCESS_ENDED), as long as the relation is gone; nothing more.
  relationEnded: { ...relationGone, httpRead: 76, httpWrite: 76, history: 76, undo: 76, restore: 76, planBook: 76 },
  // The access's last day is over; the access-expiry job has not run yet.
  accessUntilPassed: relationGone,
  // The advisor's company requires two-factor sign-in; the victim (its admin) has no second
  // factor: their sessions lose the company (choosing it again answers 93, TWO_FACTOR_REQUIRED).
  twoFactorPolicy: {
    httpRead: 4,
    httpWrite: 4,
    liveChange: 'closed',
    presence: 'closed',
    history: 4,
    undo: 4,
    restore: 4,
    myActions: 'none',
    dashboard: 4,
    planBook: 4,
    accessLog: 8,
    digest: 'none',
  },
};

// ---- the outlets' checks --------------------------------------------------------------------

const lostMarkers = (w: EndingWorld) => [w.markers.before, w.markers.own, w.markers.assigned, w.markers.after];
const allMarkers = (w: EndingWorld) => [...lostMarkers(w), w.markers.afterShared];

const textOf = (body: unknown) => (Buffer.isBuffer(body) ? pdfText(body) : JSON.stringify(body ?? ''));

function expectNone(text: string, markers: string[], what: string): void {
  for (const marker of markers) expect(text, `${what} carries ${marker}`).not.toContain(marker);
}

/** A refusal with the cell's code, carrying nothing of the canvas. */
async function expectRefused(w: EndingWorld, code: number, method: string, path: string, body?: unknown): Promise<void> {
  const response = await asVictim(w, method, path, body);
  expect(outcomeOf(response), `${method} ${path}`).toBe(code);
  expectNone(textOf(response.body), allMarkers(w), `${method} ${path}`);
}

/** Undo or restore: taken where kept; otherwise refused with the cell's code, carrying nothing, and the owner's canvas unchanged. */
async function expectHistoryWrite(w: EndingWorld, cell: Cell, path: string, body?: unknown): Promise<void> {
  const response = await asVictim(w, 'POST', path, body);
  if (cell === 'kept') {
    expect(response.status).toBe(200);
    return;
  }
  expect(outcomeOf(response)).toBe(cell);
  expectNone(textOf(response.body), allMarkers(w), 'the refusal');
  expect(await ownerCategory(w)).toContain(w.markers.own);
}

async function ownerCategory(w: EndingWorld): Promise<string> {
  const response = await w.owner.call<'getCategory', CategoryResponse>('getCategory', { params: { id: w.categoryId } });
  expect(response.status).toBe(200);
  return JSON.stringify(response.body);
}

/** Waits, at most until 5 s after the budget's start, for the victim's socket to close; then checks what it got after the ending. */
async function expectSocketClosed(w: EndingWorld): Promise<LiveServerMessage[]> {
  const bound = new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, w.budgetStart + 5000 - Date.now())));
  const closedAt = await Promise.race([w.victimClosedAt, bound]);
  expect(closedAt, 'the socket closed within 5 s').not.toBeNull();
  expect(closedAt! - w.budgetStart).toBeLessThan(5000);
  const afterEnding = w.victimSocket.messages.slice(w.messagesAtEnding);
  expect(afterEnding.at(-1)).toEqual({ type: 'closed', reason: endingSpecs[w.ending].closeReason });
  return afterEnding;
}

const witnessAway = (w: EndingWorld) => (message: LiveServerMessage) =>
  message.type === 'presence' && message.members.some((member) => member.userId === w.witness.userId && member.state === 'away');

const checks: Record<Outlet, (w: EndingWorld, cell: Exclude<Cell, NotApplicable>) => Promise<void>> = {
  httpRead: async (w, cell) => {
    const category = routePath('getCategory', { id: w.categoryId });
    const section = routePath('getSection', { id: w.sectionId });
    if (typeof cell === 'number') {
      for (const path of [canvasPath(w), section, category]) await expectRefused(w, cell, 'GET', path);
      return;
    }
    const canvas = await asVictim(w, 'GET', canvasPath(w));
    expect(canvas.status).toBe(200);
    const lost = await asVictim(w, 'GET', category);
    const lostSection = await asVictim(w, 'GET', section);
    if (cell === 'filtered') {
      expect([outcomeOf(lost), outcomeOf(lostSection)]).toEqual([4, 4]);
      expect((canvas.body as { sections: Array<{ id: number }> }).sections.map((shown) => shown.id)).not.toContain(w.sectionId);
      expectNone(textOf(canvas.body) + textOf(lost.body) + textOf(lostSection.body), lostMarkers(w), 'the canvas');
      expect(textOf((await asVictim(w, 'GET', routePath('getCategory', { id: w.sharedCategoryId }))).body)).toContain(w.markers.afterShared);
    } else {
      expect([lost.status, lostSection.status]).toEqual([200, 200]);
      expect(textOf(lost.body)).toContain(w.markers.after);
    }
  },
  httpWrite: async (w, cell) => {
    const title = `Late [${w.ending}-late-m4trix]`;
    const response = await asVictim(w, 'POST', routePath('createTakeaway', { categoryId: w.categoryId }), { title, categoryId: w.categoryId });
    if (cell === 'kept') {
      expect(response.status).toBe(201);
      return;
    }
    expect(outcomeOf(response)).toBe(cell);
    expect(await ownerCategory(w)).not.toContain(title);
  },
  liveChange: async (w, cell) => {
    const isAfter = (id: string) => (message: LiveServerMessage) => message.type === 'change' && message.event.itemId === id;
    if (cell === 'closed') {
      const afterEnding = await expectSocketClosed(w);
      expect(afterEnding.filter((message) => message.type === 'change')).toEqual([]);
      return;
    }
    expect(w.victimSocket.isOpen).toBe(true);
    if (cell === 'kept') {
      await w.victimSocket.waitFor(isAfter(w.afterId), { from: w.messagesAtEnding, timeoutMs: 5000 });
      return;
    }
    // 'filtered': the kept category's write arrives (written after the lost one's: the fence).
    await w.victimSocket.waitFor(isAfter(w.afterSharedId), { from: w.messagesAtEnding, timeoutMs: 5000 });
    expect(w.victimSocket.messages.slice(w.messagesAtEnding).some(isAfter(w.afterId))).toBe(false);
    expectNone(JSON.stringify(w.victimSocket.messages.slice(w.messagesAtEnding)), lostMarkers(w), 'the socket');
  },
  presence: async (w, cell) => {
    if (cell === 'closed') {
      const afterEnding = await expectSocketClosed(w);
      expect(afterEnding.filter((message) => message.type === 'presence')).toEqual([]);
      return;
    }
    const message = await w.victimSocket.waitFor(witnessAway(w), { from: w.messagesAtEnding, timeoutMs: 5000 });
    const entry = message.type === 'presence' ? message.members.find((member) => member.userId === w.witness.userId) : undefined;
    if (cell === 'kept') expect(entry).toMatchObject({ sectionId: w.sectionId, categoryId: w.categoryId });
    else expect(entry).toMatchObject({ sectionId: null, categoryId: null, editingItemId: null });
  },
  // The feed and an item's own history (its versions, with each event's changes).
  history: async (w, cell) => {
    if (typeof cell === 'number') {
      for (const path of [historyPath(w), itemHistoryPath(w, w.afterId)]) await expectRefused(w, cell, 'GET', path);
      return;
    }
    const response = await asVictim(w, 'GET', historyPath(w));
    expect(response.status).toBe(200);
    const text = textOf(response.body);
    const itemHistory = await asVictim(w, 'GET', itemHistoryPath(w, w.afterId));
    if (cell === 'kept') {
      expect(text).toContain(w.markers.after);
      expect(itemHistory.status).toBe(200);
      expect(textOf(itemHistory.body)).toContain(w.markers.after);
      return;
    }
    expectNone(text, lostMarkers(w), 'the history');
    expect((response.body as HistoryPage).results.some((event) => event.sectionId === w.sectionId)).toBe(false);
    expect(text).toContain(w.markers.afterShared);
    // The lost item's own history shows nothing of it (no versions, or not found).
    expectNone(textOf(itemHistory.body), lostMarkers(w), 'the item history');
    if (itemHistory.status === 200) expect((itemHistory.body as HistoryPage).results).toEqual([]);
    else expect(outcomeOf(itemHistory)).toBe(4);
  },
  undo: (w, cell) => expectHistoryWrite(w, cell, revertPath(w)),
  // "Restore this version" of the victim's own takeaway (the answer carries the restored item as the writer sees it).
  restore: (w, cell) => expectHistoryWrite(w, cell, restorePath(w), { version: w.ownVersion }),
  myActions: async (w, cell) => {
    if (typeof cell === 'number') return expectRefused(w, cell, 'GET', routePath('listMyActionPoints'));
    const response = await asVictim(w, 'GET', routePath('listMyActionPoints'));
    expect(response.status).toBe(200);
    const ids = (response.body as MyActionPointsResponse).actionPoints.map((action) => action.id);
    if (cell === 'kept') expect(ids).toContain(w.assignedId);
    else {
      expect(ids).not.toContain(w.assignedId);
      expectNone(textOf(response.body), allMarkers(w), 'my actions');
    }
  },
  dashboard: async (w, cell) => {
    const path = routePath('listDashboardFamilies');
    if (typeof cell === 'number') return expectRefused(w, cell, 'POST', path, {});
    const response = await asVictim(w, 'POST', path, {});
    expect(response.status).toBe(200);
    const card = (response.body as DashboardFamiliesResponse).results.find((family) => family.id === w.family.familyId);
    const text = textOf(response.body);
    if (cell === 'none') {
      expect(card?.canvas ?? null).toBeNull();
      expectNone(text, allMarkers(w), 'the dashboard');
    } else if (cell === 'filtered') {
      expect(card?.canvas?.sections.map((section) => section.id)).toEqual([w.sharedSectionId]);
      expectNone(text, lostMarkers(w), 'the dashboard');
      expect(text).toContain(w.markers.afterShared);
    } else expect(text).toContain(w.markers.before);
  },
  planBook: async (w, cell) => {
    if (typeof cell === 'number') return expectRefused(w, cell, 'POST', planBookPath(w), {});
    const response = await asVictim(w, 'POST', planBookPath(w), {});
    expect(response.status).toBe(200);
    const text = textOf(response.body);
    if (cell === 'kept') expect(text).toContain(w.markers.after);
    else {
      expectNone(text, lostMarkers(w), 'the plan book');
      expect(text).toContain(w.markers.afterShared);
    }
  },
  accessLog: async (w, cell) => {
    const paths = w.victimKind === 'familyMember' ? [routePath('getAccessLog'), routePath('getAccessLogCsv')] : [routePath('getCompanyAccessLog')];
    for (const path of paths) {
      if (typeof cell === 'number') await expectRefused(w, cell, 'GET', path);
      else expect((await asVictim(w, 'GET', path)).status, path).toBe(200);
    }
  },
  digest: async (w, cell) => {
    moveClockToDigest(w);
    await runDigests();
    const digests = async (email: string) => (await w.stack.emailsTo(email)).filter((mail) => mail.subject.startsWith('Your Family Canvas'));
    // The control: the witness hears of the owner's write after the ending.
    expect((await digests(w.witness.email)).map((mail) => mail.body.text).join('\n')).toContain(w.markers.after);
    const text = (await digests(w.victim.email)).map((mail) => `${mail.body.text}\n${mail.body.html}`).join('\n');
    if (cell === 'kept') expect(text).toContain(w.markers.after);
    else if (cell === 'filtered') {
      expectNone(text, lostMarkers(w), 'the digest');
      expect(text).toContain(w.markers.afterShared);
    } else expectNone(text, allMarkers(w), 'the digest');
  },
};

// ---- the matrix ------------------------------------------------------------------------------

describe('the matrix is complete', () => {
  it('has a row per ending and a cell per outlet, each with its check', () => {
    expect(Object.keys(matrix).sort()).toEqual([...endings].sort());
    for (const ending of endings) expect(Object.keys(matrix[ending]).sort(), ending).toEqual([...outlets].sort());
    expect(Object.keys(checks).sort()).toEqual([...outlets].sort());
    expect(Object.keys(endingSpecs).sort()).toEqual([...endings].sort());
  });

  const isOutlet = (value: Outlet | NotAnOutlet) => typeof value === 'string' && (outlets as readonly string[]).includes(value);
  const isDeclared = (value: Outlet | NotAnOutlet | undefined) =>
    value !== undefined && (isOutlet(value) || (typeof value === 'object' && value.notAnOutlet.length > 0));

  it('classifies every reading route of the manifest as an outlet or not one', () => {
    const keys = readingRouteKeys();
    expect(keys.filter((key) => !isDeclared(routeOutlets[key]))).toEqual([]);
    expect(Object.keys(routeOutlets).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('classifies every server message of the live contract, every job that mails and every mail', () => {
    expect(liveMessageTypes().sort()).toEqual(Object.keys(liveMessageOutlets).sort());
    expect(Object.values(liveMessageOutlets).every(isDeclared)).toBe(true);
    expect(mailingJobs()).toEqual(Object.keys(mailingJobOutlets).sort());
    expect(Object.values(mailingJobOutlets).every(isDeclared)).toBe(true);
    expect([...mailTemplates(), 'digest'].sort()).toEqual(Object.keys(mailOutlets).sort());
    expect(Object.values(mailOutlets).every(isDeclared)).toBe(true);
  });

  it('covers every outlet the routes, live messages, jobs and mails name', () => {
    const declared = [routeOutlets, liveMessageOutlets, mailingJobOutlets, mailOutlets].flatMap((classified) => Object.values(classified));
    const named = declared.filter((value): value is Outlet => typeof value === 'string');
    expect([...new Set(named)].sort()).toEqual([...outlets].filter((outlet) => outlet !== 'httpWrite' && outlet !== 'undo' && outlet !== 'restore').sort());
  });
});

describe.each(endings)('%s', (ending) => {
  let world: EndingWorld | undefined;

  beforeAll(async () => {
    world = await endingWorld(stack, ending);
  }, 240_000);

  afterAll(async () => {
    await closeWorld(world);
    resetClock();
  });

  // In the outlets' order: the sockets' first (their budget runs from the ending), the digest last (it moves the clock).
  for (const outlet of outlets) {
    const cell = matrix[ending][outlet];
    if (typeof cell === 'object') {
      it.skip(`${outlet}: not applicable — ${cell.na}`, () => {});
      continue;
    }
    it(`${outlet}: ${String(cell)}`, async () => {
      if (!world) throw new Error('no world');
      await checks[outlet](world, cell);
    }, 60_000);
  }
});
