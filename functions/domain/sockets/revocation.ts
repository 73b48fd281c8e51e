import type { CloseReason, PresenceMember } from '../../../shared/contracts/live';
import { canEditCanvas, canSeeSection, type CanvasAccess } from '../../../shared/permissions';
import { decideAccessNow } from '../access/decide-now';
import { nowEpochSeconds } from '../../lib/clock';
import { accessKeyOf, connectionsOfUser, deleteConnection, listConnections, updateConnectionAccess, type LiveConnection } from '../../records/connections';
import { logger } from '../../lib/observability';
import { now } from '../../lib/clock';
import { forgetGoneConnection } from '../../records/connections';
import { templateOf } from './canvas-template';
import { presenceFor, presenceMembers } from './presence';
import { closeSocket, sendToSocket } from './sockets';

/**
 * Revocation of the live channel. Every delivery decides each socket again from the
 * stored truth with the one access decision (decideSockets → functions/domain/access/
 * decide.ts): the sender before it sends changes, broadcastPresence before it sends the
 * list, the socket's own presence and ping messages before they are answered. A refused
 * socket is told why (`closed`, then the close) and gets nothing more, whatever path
 * ended its right — an idle session, an absolute expiry, a relation past its accessUntil,
 * a row deleted by hand. Besides, the writers call hooks so a socket closes at once even
 * when its canvas is quiet:
 * - sign-out, revoking a session or all others, password change and reset: the session's
 *   sockets end (liveSessionsEnded);
 * - a member's role changed or the member removed, in a family or an advisor company (an
 *   advisor leaving a company loses their canvas roles with it): liveRightsChanged;
 * - shares narrowed or widened, an advisor's canvas role set or removed (also by a
 *   revert): these are journal events, so the sender decides again when it meets one, in
 *   journal order — an event after the change is filtered with the new access
 *   (deliver-changes.ts → recheckCanvas); the shares writer also decides the canvas's
 *   sockets at once (liveSharesChanged).
 * A socket that stays open with another access than it had is told (`accessChanged`, with the
 * sections it no longer sees) by whichever decision notices it first (recheck).
 * A connection's item is deleted before its `closed` goes out, so the sender, which reads
 * the items, never sends it another event.
 */

/** Closes one socket: forget it, tell it why, close it. True when this call removed it. */
export async function closeConnection(connection: LiveConnection, reason: CloseReason): Promise<boolean> {
  const removed = await deleteConnection(connection.familyId, connection.connectionId);
  await sendToSocket(connection.connectionId, { type: 'closed', reason }).catch((error: unknown) =>
    logger.warn('live closed not sent', { error: String(error) }),
  );
  await closeSocket(connection.connectionId).catch((error: unknown) => logger.warn('live close failed', { error: String(error) }));
  logger.info('live connection closed', { connectionId: connection.connectionId, familyId: connection.familyId, reason });
  return removed;
}

/** Closes sockets; unless `announce` is false, the others on their canvases then see them leave. */
async function closeAll(connections: Array<{ connection: LiveConnection; reason: CloseReason }>, announce = true): Promise<void> {
  const removed = await Promise.all(
    connections.map(({ connection, reason }) => closeConnection(connection, reason).then((done) => (done ? connection.familyId : undefined))),
  );
  if (!announce) return;
  const families = new Set(removed.filter((familyId) => familyId !== undefined));
  await Promise.all([...families].map((familyId) => broadcastPresence(familyId)));
}

/**
 * Sends every socket of a canvas who is on it, as that socket may see it now: each socket
 * is decided first (decideSockets), a refused one is closed and neither receives the list
 * nor appears in it. `except`: a socket that cannot receive yet (API Gateway refuses
 * messages to a socket whose $connect has not returned). `saidBy`: the socket whose presence
 * message this answers, as it was before (its item read before the update): when the list is
 * the same as it would have been without that message (the same place again, a new socket's
 * first presence where it already stood), only that socket gets it, as the answer it waits for;
 * the others are sent presence only when it changed (docs/product/live.md).
 */
export async function broadcastPresence(familyId: number, options: { except?: string; saidBy?: LiveConnection } = {}): Promise<void> {
  const listed = await listConnections(familyId);
  const connections = await recheck(listed, { announce: false });
  const members = presenceMembers(connections);
  const { saidBy } = options;
  const unchanged =
    saidBy !== undefined &&
    connections.length === listed.length &&
    sameMembers(
      members,
      presenceMembers(
        connections.map((connection) =>
          connection.connectionId === saidBy.connectionId ? { ...connection, presence: saidBy.presence, presenceAt: saidBy.presenceAt } : connection,
        ),
      ),
    );
  const forgotten = await Promise.all(
    connections
      .filter((connection) => connection.connectionId !== options.except && (!unchanged || connection.connectionId === saidBy.connectionId))
      .map(async (connection) => {
        const outcome = await sendToSocket(connection.connectionId, { type: 'presence', members: presenceFor(connection.access, members) }).catch(
          (error: unknown) => {
            logger.warn('live presence not sent', { connectionId: connection.connectionId, error: String(error) });
            return 'sent' as const;
          },
        );
        return outcome === 'gone' && (await forgetGoneConnection(connection, now().getTime()));
      }),
  );
  // A socket found gone here (closed before its $disconnect came, which then finds nothing to announce): the others see it leave.
  if (forgotten.some(Boolean)) await broadcastPresence(familyId, { except: options.except });
}

/** The same people in the same places, whichever of a person's sockets speaks for them (the order follows it; the browser sorts by name). */
function sameMembers(a: readonly PresenceMember[], b: readonly PresenceMember[]): boolean {
  const key = (members: readonly PresenceMember[]) => JSON.stringify([...members].sort((x, y) => x.userId.localeCompare(y.userId)));
  return key(a) === key(b);
}

/**
 * The writers' hooks run after their change is stored: a failure here is logged (an error,
 * so it alarms) and does not turn the change into an error answer. What the sender would
 * send a socket is still decided on the stored truth the next time it is rechecked, and a
 * session's end deletes its sockets' items first.
 */
async function safely(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.error(`live revocation failed: ${what}`, { error });
  }
}

/** Sessions ended (sign-out: that one; password change: all but the caller's; reset: all): their sockets close. */
export function liveSessionsEnded(userId: string, which: { tokenHash: string } | { exceptTokenHash?: string }): Promise<void> {
  return safely('sessions ended', async () => {
    const connections = (await connectionsOfUser(userId)).filter((connection) =>
      'tokenHash' in which ? connection.tokenHash === which.tokenHash : connection.tokenHash !== which.exceptTokenHash,
    );
    await closeAll(connections.map((connection) => ({ connection, reason: 'signedOut' as const })));
  });
}

/**
 * The family changed what an advisor company sees (updateCanvasShares): every socket of the canvas
 * is decided again now (an advisor keeps no removed section on screen until the sender's turn), told
 * when its access changed, and the lists of who is where follow (broadcastPresence decides them).
 */
export function liveSharesChanged(familyId: number): Promise<void> {
  return safely('shares changed', () => broadcastPresence(familyId));
}

/** A user's memberships changed (role, removal): each of their sockets is decided again. */
export function liveRightsChanged(userId: string): Promise<void> {
  return safely('rights changed', async () => recheck(await connectionsOfUser(userId)));
}

/** A user may no longer act for an entity though still its member (the company's two-factor policy): the sockets they opened as its member close. */
export function liveEntityClosedTo(userId: string, entityId: number): Promise<void> {
  return safely('entity closed', async () => {
    const connections = (await connectionsOfUser(userId)).filter((connection) => connection.access.membership.entityId === entityId);
    await closeAll(connections.map((connection) => ({ connection, reason: 'accessRemoved' as const })));
  });
}

/** The canvas's shares or advisor roles changed: every socket of it is decided again; returns those still open, with their access. */
export async function recheckCanvas(familyId: number): Promise<LiveConnection[]> {
  return recheck(await listConnections(familyId));
}

/**
 * Each socket decided now by the one access decision (functions/domain/access/decide.ts),
 * from its session and its membership in the entity it connected as (not the session's
 * current entity: switching entities in another tab takes no right away): the session
 * signed out, revoked, idle or past its absolute end; the member removed or the role
 * changed; the company's two-factor policy; the canvas, its work relation (accessUntil),
 * shares and the advisor's role. A socket past its own two hours is expired too. One
 * BatchGet for all of them (functions/domain/access/decide-now.ts); nothing is written.
 */
export async function decideSockets(
  connections: readonly LiveConnection[],
): Promise<Array<{ connection: LiveConnection; outcome: CanvasAccess | CloseReason }>> {
  const nowS = nowEpochSeconds();
  const decisions = await decideAccessNow(
    connections.map((connection) => ({
      userId: connection.userId,
      tokenHash: connection.tokenHash,
      entityId: connection.access.membership.entityId,
      entityTypeId: connection.access.membership.entityTypeId,
      familyId: connection.familyId,
    })),
  );
  return connections.map((connection, index) => {
    const decision = decisions[index]!;
    if (!decision.allowed) return { connection, outcome: decision.reason };
    if (connection.expiresAt <= nowS) return { connection, outcome: 'expired' as const };
    return { connection, outcome: decision.canvasAccess! };
  });
}

/**
 * Decides the sockets now (decideSockets): the refused ones are told why and closed (and
 * the others see them leave), a changed access is stored on the socket's item; returns
 * those still open, with the access they have now.
 */
export async function recheck(connections: readonly LiveConnection[], options: { announce?: boolean } = {}): Promise<LiveConnection[]> {
  if (!connections.length) return [];
  const decided = await decideSockets(connections);
  const closing: Array<{ connection: LiveConnection; reason: CloseReason }> = [];
  const open: LiveConnection[] = [];
  for (const { connection, outcome } of decided) {
    if (typeof outcome === 'string') {
      closing.push({ connection, reason: outcome });
      continue;
    }
    if (accessKeyOf(outcome) !== accessKeyOf(connection.access)) {
      const stored = await updateConnectionAccess(connection.familyId, connection.connectionId, outcome, connection.access);
      if (stored === 'gone') continue;
      // Only the decision that stored the change tells the socket: once, however many decided it at the same time.
      if (stored === 'stored') await tellAccessChanged(connection, outcome);
    }
    open.push({ ...connection, access: outcome });
  }
  await closeAll(closing, options.announce !== false);
  return open;
}

/** What a reader notices of an access: the sections it shows and whether it may edit. */
function noticeable(familyId: number, access: CanvasAccess) {
  return {
    sectionIds: templateOf(familyId)
      .sections.filter((section) => canSeeSection(access, section.id))
      .map(({ id }) => id),
    canEdit: canEditCanvas(access),
  };
}

/**
 * A socket that stays open with another access than it had: told so (`accessChanged`, with the
 * sections it saw and no longer sees), after the decision that found it; its browser reads the
 * canvas again. Nothing when the difference is one the reader cannot notice.
 */
async function tellAccessChanged(connection: LiveConnection, access: CanvasAccess): Promise<void> {
  const before = noticeable(connection.familyId, connection.access);
  const after = noticeable(connection.familyId, access);
  if (before.canEdit === after.canEdit && before.sectionIds.join() === after.sectionIds.join()) return;
  const sectionsHidden = templateOf(connection.familyId)
    .sections.filter((section) => before.sectionIds.includes(section.id) && !after.sectionIds.includes(section.id))
    .map(({ id, title }) => ({ id, title }));
  await sendToSocket(connection.connectionId, { type: 'accessChanged', sectionsHidden }).catch((error: unknown) =>
    logger.warn('live accessChanged not sent', { connectionId: connection.connectionId, error: String(error) }),
  );
}
