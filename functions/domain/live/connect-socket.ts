import { maxSocketsPerSession, maxSocketsPerUser } from '../../../shared/contracts/live';
import { businessMetrics } from '../../../shared/metrics';
import type { CanvasAccess } from '../../../shared/permissions';
import { now, nowEpochSeconds } from '../../lib/clock';
import { config } from '../../lib/config';
import { AppError, fail } from '../../lib/errors';
import { countMetric, logger } from '../../lib/observability';
import { loadCanvasAccess, ownFamilyId } from '../canvas/context';
import { resolveActor } from '../../records/journal-recording';
import { readSessionToken, resolveSession, type Session } from '../sessions/session';
import { connectionLifetimeSeconds, connectionsOfUser, forgetGoneConnection, putConnection, type LiveConnection } from '../../records/connections';
import { broadcastPresence } from '../sockets/revocation';
import { accepted, refused, type SocketResult } from '../sockets/socket-result';
import { isSocketOpen } from '../sockets/sockets';

const familyIdPattern = /^[1-9]\d{0,14}$/;

/**
 * `$connect` (the handshake, `GET /ws?familyId=<id>` with the session cookie): the Origin
 * must be the app's, the session valid and the caller a reader of that canvas, or the
 * handshake is refused (403 / 401 / 403) before any message; so is one socket more than
 * the user may have open (429, isOverSocketCap). One socket, one canvas.
 */
export async function connectSocket(request: {
  connectionId: string;
  origin: string | undefined;
  cookie: string | undefined;
  familyId: string | undefined;
}): Promise<SocketResult> {
  const { connectionId, origin } = request;
  // Cross-site WebSocket hijacking: a browser sends the cookie to /ws from any page, so
  // only the app's own page (its exact origin) may open the channel.
  if (!origin || origin.toLowerCase() !== new URL(config().appUrl).origin) return refused(403, 8, 'Cross-site request refused.');
  let session: Session;
  try {
    session = await resolveSession(readSessionToken(undefined, request.cookie));
  } catch (error) {
    if (error instanceof AppError) return refused(401, error.code, error.message);
    throw error;
  }
  const requested = request.familyId;
  if (requested !== undefined && !familyIdPattern.test(requested)) return refused(400, 6, 'familyId must be a family id.');
  let familyId: number;
  let access: CanvasAccess;
  try {
    familyId = requested === undefined ? ownFamilyId(session) : Number(requested);
    ({ access } = await loadCanvasAccess(session, familyId));
  } catch (error) {
    // Not found and not allowed look alike: nobody learns whether a canvas exists.
    if (error instanceof AppError) return refused(403, 8, 'Not allowed.');
    throw error;
  }
  if (await isOverSocketCap(session)) {
    const tooMany = fail('TOO_MANY_REQUESTS', { message: 'Too many open live connections.' });
    return refused(429, tooMany.code, tooMany.message);
  }
  const nowMs = now().getTime();
  await putConnection({
    connectionId,
    familyId,
    userId: session.userId,
    tokenHash: session.tokenHash,
    access,
    person: await resolveActor(session),
    presence: { state: 'active', sectionId: null, categoryId: null, editingItemId: null },
    presenceAt: 0,
    connectedAt: nowMs,
    expiresAt: Math.min(nowEpochSeconds() + connectionLifetimeSeconds, session.expiresAt),
  });
  countMetric(businessMetrics.webSocketConnections);
  logger.info('live connected', { familyId, connectionId });
  // The new socket cannot receive before this returns: it gets the list on its first presence message.
  await broadcastPresence(familyId, { except: connectionId });
  return accepted;
}

/**
 * Whether the user already has as many open sockets as allowed: in this session
 * (maxSocketsPerSession) or over all their sessions (maxSocketsPerUser). One Query of the
 * user's sockets; only when at the limit are their sockets asked whether they still exist
 * (one that went away without a $disconnect is forgotten, so a flaky network never locks
 * anybody out).
 */
async function isOverSocketCap(session: Session): Promise<boolean> {
  const nowS = nowEpochSeconds();
  let open = (await connectionsOfUser(session.userId)).filter((connection) => connection.expiresAt > nowS);
  const over = (connections: LiveConnection[]) =>
    connections.filter((connection) => connection.tokenHash === session.tokenHash).length >= maxSocketsPerSession || connections.length >= maxSocketsPerUser;
  if (!over(open)) return false;
  const nowMs = now().getTime();
  const alive = await Promise.all(
    open.map(async (connection) => (await isSocketOpen(connection.connectionId)) || !(await forgetGoneConnection(connection, nowMs))),
  );
  open = open.filter((_connection, index) => alive[index]);
  return over(open);
}
