import type { APIGatewayEventWebsocketRequestContextV2 } from 'aws-lambda';
import { LiveClientMessage } from '../../shared/contracts/live';
import { connectSocket } from '../domain/live/connect-socket';
import { disconnectSocket } from '../domain/live/disconnect-socket';
import { receiveMessage } from '../domain/live/receive-message';
import { accepted, refused, type SocketResult } from '../domain/sockets/socket-result';
import { acceptFromDistribution } from '../lib/client-address';
import { jsonNestsDeeperThan } from '../lib/input/well-formed';
import { logger, observed } from '../lib/observability';

/**
 * The live channel's socket routes (shared/routes.ts liveChannel), one Lambda for the three
 * routes of the API Gateway WebSocket API, and locally the same function behind the local
 * gateway's `/ws`; each route's work is an operation of functions/domain/live/:
 * `$connect` → connect-socket.ts, `$disconnect` → disconnect-socket.ts, `$default` (the
 * client's `presence` and `ping`) → receive-message.ts.
 */
export type SocketEvent = {
  requestContext: Pick<APIGatewayEventWebsocketRequestContextV2, 'routeKey' | 'connectionId' | 'eventType' | 'requestId'> &
    Partial<APIGatewayEventWebsocketRequestContextV2>;
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string;
  isBase64Encoded?: boolean;
};
export type { SocketResult };

function header(event: SocketEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

// A socket's lines are tied together by its connection id; each event has its own request id.
export const handler = observed(serveSocketEvent, (event: SocketEvent) => ({
  correlationId: event.requestContext.connectionId,
  requestId: event.requestContext.requestId,
  group: 'live',
}));

async function serveSocketEvent(event: SocketEvent): Promise<SocketResult> {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') {
      // Only through our distribution (its origin secret), as every HTTP route: else 403 before any look-up.
      if (!(await acceptFromDistribution(event))) return refused(403, 8, 'Direct calls to the API are refused: use the app.');
      return await connectSocket({
        connectionId,
        origin: header(event, 'origin'),
        cookie: header(event, 'cookie'),
        familyId: event.queryStringParameters?.familyId,
      });
    }
    if (routeKey === '$disconnect') return await disconnectSocket(connectionId);
    const message = parseMessage(event);
    // Anything that is not a message of the contract is dropped (shared/contracts/live.ts).
    return message ? await receiveMessage(connectionId, message) : accepted;
  } catch (error) {
    logger.error('live handler failed', { routeKey, error });
    return { statusCode: 500 };
  }
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
