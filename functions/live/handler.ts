import type { APIGatewayEventWebsocketRequestContextV2 } from 'aws-lambda';
import { expandCanvasTemplate } from '../../shared/canvas-template';
import { familyOfContentId } from '../../shared/canvas-ids';
import { LiveClientMessage, maxSocketsPerSession, maxSocketsPerUser, presenceMessagesPerSecond } from '../../shared/contracts/live';
import { businessMetrics } from '../../shared/metrics';
import { canSeeSection, type CanvasAccess } from '../../shared/permissions';
import { loadCanvasAccess, ownFamilyId } from '../domain/canvas/context';
import { now, nowEpochSeconds } from '../lib/clock';
import { config } from '../lib/config';
import { batchGetItems } from '../lib/db/batch';
import { keys } from '../lib/db/keys';
import {
  connectionById,
  connectionLifetimeSeconds,
  connectionsOfUser,
  deleteConnection,
  forgetGoneConnection,
  putConnection,
  updatePresence,
  type LiveConnection,
  type Presence,
} from '../lib/db/live-connections';
import { AppError, fail } from '../lib/errors';
import { resolveActor } from '../domain/journal/journal';
import { jsonNestsDeeperThan } from '../lib/input/well-formed';
import { describeError, log, runWithRequestContext } from '../lib/logger';
import { countMetric, publishMetrics } from '../lib/metrics';
import { broadcastPresence, recheck } from '../lib/live/revocation';
import { isSocketOpen, sendToSocket } from '../lib/live/sockets';
import { readSessionToken, resolveSession, type Session } from '../domain/sessions/session';

/**
 * The live channel's socket routes (shared/routes.ts liveChannel), one Lambda for the three
 * routes of the API Gateway WebSocket API, and locally the same function behind the local
 * gateway's `/ws`:
 * - `$connect` (the handshake, `GET /ws?familyId=<id>` with the session cookie): the Origin
 *   must be the app's, the session valid and the caller a reader of that canvas, or the
 *   handshake is refused (403 / 401 / 403) before any message; so is one socket more than
 *   the user may have open (429, isOverSocketCap). One socket, one canvas.
 * - `$default`: the client's messages (`presence`, `ping`), by `action`. Each first
 *   decides the socket again (functions/lib/live/revocation.ts recheck, the one access
 *   decision): a socket whose session or right ended is told why and closed instead of
 *   answered, so an idle or expired session's socket ends at its next ping (the app pings
 *   every few minutes) even when nothing happens on the canvas.
 * - `$disconnect`: the socket is forgotten and the others see them leave.
 */
export type SocketEvent = {
  requestContext: Pick<APIGatewayEventWebsocketRequestContextV2, 'routeKey' | 'connectionId' | 'eventType' | 'requestId'> & Partial<APIGatewayEventWebsocketRequestContextV2>;
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string;
  isBase64Encoded?: boolean;
};
export type SocketResult = { statusCode: number; body?: string };

const accepted: SocketResult = { statusCode: 200 };
const refused = (statusCode: 400 | 401 | 403 | 429, errorCode: number, message: string): SocketResult => ({
  statusCode,
  body: JSON.stringify({ errorCode, errors: {}, message }),
});

function header(event: SocketEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

export async function handler(event: SocketEvent): Promise<SocketResult> {
  const { routeKey, connectionId, requestId } = event.requestContext;
  // A socket's lines are tied together by its connection id; each event has its own request id.
  return runWithRequestContext({ correlationId: connectionId, requestId, group: 'live' }, async () => {
    try {
      if (routeKey === '$connect') return await connect(event, connectionId);
      if (routeKey === '$disconnect') return await disconnect(connectionId);
      return await receive(connectionId, event);
    } catch (error) {
      log('error', 'live handler failed', { routeKey, ...describeError(error) });
      return { statusCode: 500 };
    } finally {
      publishMetrics();
    }
  });
}

const familyIdPattern = /^[1-9]\d{0,14}$/;

async function connect(event: SocketEvent, connectionId: string): Promise<SocketResult> {
  // Cross-site WebSocket hijacking: a browser sends the cookie to /ws from any page, so
  // only the app's own page (its exact origin) may open the channel.
  const origin = header(event, 'origin');
  if (!origin || origin.toLowerCase() !== new URL(config().appUrl).origin) return refused(403, 8, 'Cross-site request refused.');
  let session: Session;
  try {
    session = await resolveSession(readSessionToken(undefined, header(event, 'cookie')));
  } catch (error) {
    if (error instanceof AppError) return refused(401, error.code, error.message);
    throw error;
  }
  const requested = event.queryStringParameters?.familyId;
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
  log('info', 'live connected', { familyId, connectionId });
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
  const alive = await Promise.all(open.map(async (connection) => (await isSocketOpen(connection.connectionId)) || !(await forgetGoneConnection(connection, nowMs))));
  open = open.filter((_connection, index) => alive[index]);
  return over(open);
}

async function disconnect(connectionId: string): Promise<SocketResult> {
  const connection = await connectionById(connectionId);
  // Closed by revocation, its item is gone already (and the others were told).
  if (connection && (await deleteConnection(connection.familyId, connectionId))) await broadcastPresence(connection.familyId);
  return accepted;
}

function parseMessage(event: SocketEvent): LiveClientMessage | undefined {
  try {
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
    // Nested deeper than any message: dropped before it is parsed.
    if (jsonNestsDeeperThan(raw)) return undefined;
    const parsed = LiveClientMessage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function receive(connectionId: string, event: SocketEvent): Promise<SocketResult> {
  const message = parseMessage(event);
  // Anything that is not a message of the contract is dropped (shared/contracts/live.ts).
  if (!message) return accepted;
  const connection = await connectionById(connectionId);
  if (message.action === 'ping') {
    // Decided first: a socket whose right ended gets `closed` instead of `pong`.
    if (connection && !(await recheck([connection])).length) return accepted;
    await sendToSocket(connectionId, { type: 'pong' });
    return accepted;
  }
  if (!connection) return accepted;
  const nowMs = now().getTime();
  const minIntervalMs = 1000 / presenceMessagesPerSecond;
  // Beyond the rate: dropped before anything else is read (the conditional write below holds it across instances).
  if (nowMs - connection.presenceAt < minIntervalMs) return accepted;
  const [decided, editedSectionId] = await Promise.all([recheck([connection]), sectionOfItem(connection.familyId, message.editingItemId)]);
  const current = decided[0];
  if (!current) return accepted;
  const presence = placeOf(current.familyId, current.access, message, editedSectionId);
  const taken = await updatePresence(current.familyId, connectionId, presence, nowMs, minIntervalMs);
  if (taken) await broadcastPresence(current.familyId);
  return accepted;
}

/** The section of the canvas item a client says it edits (an answer, takeaway, goal or action point of this canvas), if there is such an item. */
async function sectionOfItem(familyId: number, itemId: string | null | undefined): Promise<number | undefined> {
  if (!itemId || familyOfContentId(itemId) !== familyId) return undefined;
  const found = await batchGetItems<{ sectionId?: number }>(
    [keys.answer(familyId, itemId), keys.takeaway(familyId, itemId), keys.goal(familyId, itemId), keys.actionPoint(familyId, itemId)],
    'sectionId',
  );
  return found.find((item) => typeof item.sectionId === 'number')?.sectionId;
}

const templates = new Map<number, ReturnType<typeof expandCanvasTemplate>>();
function templateOf(familyId: number) {
  let template = templates.get(familyId);
  if (!template) {
    if (templates.size > 500) templates.clear();
    template = expandCanvasTemplate(familyId);
    templates.set(familyId, template);
  }
  return template;
}

/**
 * Where a client says it is, kept only as far as it holds: a section of this canvas the
 * sender may see now, a category of that section, an item of this canvas that lies in
 * that section (`editedSectionId`: where the named item really is). Whatever does not
 * hold is null, so a place outside what the sender may see, or an item id from
 * elsewhere, is never passed on; each reader then gets a place only in a section it may
 * see (presenceFor).
 */
function placeOf(familyId: number, access: CanvasAccess, message: Extract<LiveClientMessage, { action: 'presence' }>, editedSectionId: number | undefined): Presence {
  const state = message.state ?? 'active';
  const { sections, categories } = templateOf(familyId);
  const category = message.categoryId == null ? undefined : categories.find((candidate) => candidate.id === message.categoryId);
  const sectionId = message.sectionId ?? category?.sectionId ?? null;
  if (sectionId === null || !sections.some((section) => section.id === sectionId) || !canSeeSection(access, sectionId)) {
    return { state, sectionId: null, categoryId: null, editingItemId: null };
  }
  const categoryId = category && category.sectionId === sectionId ? category.id : null;
  const editingItemId = message.editingItemId && editedSectionId === sectionId ? message.editingItemId : null;
  return { state, sectionId, categoryId, editingItemId };
}
