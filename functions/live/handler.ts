import type { APIGatewayEventWebsocketRequestContextV2 } from 'aws-lambda';
import { expandCanvasTemplate } from '../../shared/canvas-template';
import { familyOfContentId } from '../../shared/canvas-ids';
import { LiveClientMessage, presenceMessagesPerSecond } from '../../shared/contracts/live';
import { businessMetrics } from '../../shared/metrics';
import { canSeeSection, type CanvasAccess } from '../../shared/permissions';
import { loadCanvasAccess, ownFamilyId } from '../lib/canvas/context';
import { now, nowEpochSeconds } from '../lib/clock';
import { config } from '../lib/config';
import { connectionById, connectionLifetimeSeconds, deleteConnection, putConnection, updatePresence, type Presence } from '../lib/db/live-connections';
import { AppError } from '../lib/errors';
import { resolveActor } from '../lib/journal/journal';
import { jsonNestsDeeperThan } from '../lib/input/well-formed';
import { describeError, log, runWithRequestContext } from '../lib/logger';
import { countMetric, publishMetrics } from '../lib/metrics';
import { broadcastPresence } from '../lib/live/presence';
import { sendToSocket } from '../lib/live/sockets';
import { readSessionToken, resolveSession, type Session } from '../lib/session';

/**
 * The live channel's socket routes (shared/routes.ts liveChannel), one Lambda for the three
 * routes of the API Gateway WebSocket API, and locally the same function behind the local
 * gateway's `/ws`:
 * - `$connect` (the handshake, `GET /ws?familyId=<id>` with the session cookie): the Origin
 *   must be the app's, the session valid and the caller a reader of that canvas, or the
 *   handshake is refused (403 / 401 / 403) before any message. One socket, one canvas.
 * - `$default`: the client's messages (`presence`, `ping`), by `action`.
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
const refused = (statusCode: 400 | 401 | 403, errorCode: number, message: string): SocketResult => ({
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
  if (message.action === 'ping') {
    await sendToSocket(connectionId, { type: 'pong' });
    return accepted;
  }
  const connection = await connectionById(connectionId);
  if (!connection || connection.expiresAt <= nowEpochSeconds()) return accepted;
  const presence = placeOf(connection.familyId, connection.access, message);
  const taken = await updatePresence(connection.familyId, connectionId, presence, now().getTime(), 1000 / presenceMessagesPerSecond);
  if (taken) await broadcastPresence(connection.familyId);
  return accepted;
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
 * sender may see, a category of that section, an item id of this canvas. Whatever does not
 * hold is null (so a place outside what a reader may see can never be passed on).
 */
function placeOf(familyId: number, access: CanvasAccess, message: Extract<LiveClientMessage, { action: 'presence' }>): Presence {
  const state = message.state ?? 'active';
  const { sections, categories } = templateOf(familyId);
  const category = message.categoryId == null ? undefined : categories.find((candidate) => candidate.id === message.categoryId);
  const sectionId = message.sectionId ?? category?.sectionId ?? null;
  if (sectionId === null || !sections.some((section) => section.id === sectionId) || !canSeeSection(access, sectionId)) {
    return { state, sectionId: null, categoryId: null, editingItemId: null };
  }
  const categoryId = category && category.sectionId === sectionId ? category.id : null;
  const editingItemId = message.editingItemId && familyOfContentId(message.editingItemId) === familyId ? message.editingItemId : null;
  return { state, sectionId, categoryId, editingItemId };
}
