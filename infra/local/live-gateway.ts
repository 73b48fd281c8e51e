import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SocketEvent, SocketResult } from '../../functions/live/handler';
import { invokeLocally } from './invocations';
import { liveChannel } from '../../shared/routes';
import { accountQuotas } from '../traffic-plan';

/**
 * The local gateway's half of an API Gateway WebSocket API (docs/architecture.md#live-channel):
 * - `GET /ws` upgrades: the handshake becomes a `$connect` event for the real handler
 *   (functions/live/handler.ts); a refusal (401/403/400) is answered as the HTTP response
 *   of the handshake, before any WebSocket exists. Text frames become `$default` events
 *   (one at a time per socket), a close a `$disconnect`.
 * - the connection management API the handlers and the sender call through
 *   ApiGatewayManagementApiClient: `POST /@connections/{id}` (send a text frame),
 *   `GET` (the socket's facts), `DELETE` (close it); 410 GoneException for a socket that is
 *   not (or not yet) open — like API Gateway, which accepts no message before `$connect`
 *   has returned.
 * - API Gateway's idle timeout and connection lifetime: a socket whose client sent nothing for
 *   10 minutes, and any socket after two hours, is closed (1001) and gets its `$disconnect`.
 * The `ws` package does the WebSocket protocol. The management API is not signed-checked
 * here: the gateway listens on 127.0.0.1 only, and the app's proxy forwards /api and /ws only.
 */
type Handler = (event: SocketEvent) => Promise<SocketResult>;

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
let handlerPromise: Promise<Handler> | undefined;
const liveHandler = () =>
  (handlerPromise ??= import(pathToFileURL(path.join(repositoryRoot, liveChannel.entry)).href).then((module: { handler: Handler }) => module.handler));

/** Loads the live channel's handler now instead of at the first socket (infra/local/gateway.ts loadAllHandlers). */
export async function loadLiveHandler(): Promise<void> {
  await liveHandler();
}

/** API Gateway's frame limit. */
const maxFrameBytes = 32 * 1024;
const connectionsPrefix = '/@connections/';

type OpenSocket = { socket: WebSocket; connectedAt: Date; lastActiveAt: Date; sourceIp: string; userAgent: string; queue: Promise<void> };

export type LiveGateway = {
  /** Handles `/@connections/…`; false when the request is not for it. */
  handleManagement: (request: IncomingMessage, response: ServerResponse) => boolean;
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Open sockets (the benchmark and tests count them). */
  openCount: () => number;
  stop: () => Promise<void>;
};

/** API Gateway's connection ids are short base64 strings; ours are URL-safe ones of the same length. */
const newConnectionId = () => randomBytes(12).toString('base64url');

function singleHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  return headers;
}

function socketEvent(
  routeKey: string,
  connectionId: string,
  domainName: string,
  extra: Partial<Pick<SocketEvent, 'headers' | 'queryStringParameters' | 'body'>> = {},
): SocketEvent {
  const at = new Date();
  const eventType = routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
  return {
    requestContext: {
      routeKey,
      eventType,
      connectionId,
      requestId: randomUUID(),
      messageId: randomUUID(),
      extendedRequestId: randomUUID(),
      requestTime: at.toUTCString(),
      requestTimeEpoch: at.getTime(),
      messageDirection: 'IN',
      stage: liveChannel.stage,
      connectedAt: at.getTime(),
      domainName,
      apiId: 'local',
    },
    ...extra,
    isBase64Encoded: false,
  };
}

export function createLiveGateway(): LiveGateway {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  const open = new Map<string, OpenSocket>();
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  };
  const invoke = async (event: SocketEvent): Promise<SocketResult> => {
    try {
      const handler = await liveHandler();
      return await invokeLocally(event.requestContext.requestId, () => handler(event));
    } catch (error) {
      process.stderr.write(`gateway: live handler threw: ${String((error as Error)?.stack ?? error)}\n`);
      return { statusCode: 500 };
    }
  };

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== liveChannel.path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const connectionId = newConnectionId();
    const headers = singleHeaders(request);
    const query = Object.fromEntries(url.searchParams);
    const domainName = headers.host ?? 'localhost';
    void track(
      (async () => {
        const result = await invoke(
          socketEvent('$connect', connectionId, domainName, { headers, queryStringParameters: Object.keys(query).length ? query : null }),
        );
        if (result.statusCode !== 200) {
          // API Gateway answers a refused $connect with the handler's status, no upgrade.
          const body = result.body ?? '';
          const status = result.statusCode;
          socket.end(
            `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : status === 400 ? 'Bad Request' : 'Error'}\r\n` +
              `Content-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          );
          return;
        }
        if (socket.destroyed) {
          await invoke(socketEvent('$disconnect', connectionId, domainName));
          return;
        }
        server.handleUpgrade(request, socket, head, (ws) => {
          const entry: OpenSocket = {
            socket: ws,
            connectedAt: new Date(),
            lastActiveAt: new Date(),
            sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
            userAgent: headers['user-agent'] ?? '',
            queue: Promise.resolve(),
          };
          open.set(connectionId, entry);
          // API Gateway closes a socket that sent nothing for 10 minutes, and any after two hours (1001 "Going away").
          // Only what the client sends counts: messages sent to it keep nothing open (the app's heartbeat, shared/contracts/live.ts).
          const goAway = () => ws.close(1001, 'Going away');
          const idle = setTimeout(goAway, accountQuotas.webSocketIdleSeconds * 1000).unref();
          const lifetime = setTimeout(goAway, accountQuotas.webSocketConnectionSeconds * 1000).unref();
          ws.on('message', (data, isBinary) => {
            idle.refresh();
            entry.lastActiveAt = new Date();
            if (isBinary) return;
            const body = Buffer.isBuffer(data)
              ? data.toString('utf8')
              : Array.isArray(data)
                ? Buffer.concat(data).toString('utf8')
                : Buffer.from(data).toString('utf8');
            entry.queue = entry.queue.then(() => track(invoke(socketEvent('$default', connectionId, domainName, { body }))).then(() => undefined));
          });
          ws.on('close', () => {
            clearTimeout(idle);
            clearTimeout(lifetime);
            open.delete(connectionId);
            void track(entry.queue.then(() => invoke(socketEvent('$disconnect', connectionId, domainName))));
          });
          ws.on('error', () => undefined);
        });
      })(),
    );
  };

  const handleManagement = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(connectionsPrefix)) return false;
    const connectionId = decodeURIComponent(url.pathname.slice(connectionsPrefix.length));
    const entry = open.get(connectionId);
    const method = (request.method ?? 'GET').toUpperCase();
    const gone = () => {
      response.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      response.end(JSON.stringify({ message: `Connection ${connectionId} is gone.` }));
    };
    if (method === 'POST') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (!entry || entry.socket.readyState !== entry.socket.OPEN) return gone();
        entry.socket.send(Buffer.concat(chunks).toString('utf8'), (error) => {
          if (error) return gone();
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end();
        });
      });
      return true;
    }
    if (!entry) {
      gone();
      return true;
    }
    if (method === 'DELETE') {
      entry.socket.close(1000);
      response.writeHead(204);
      response.end();
      return true;
    }
    if (method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ConnectedAt: entry.connectedAt.toISOString(),
          LastActiveAt: entry.lastActiveAt.toISOString(),
          Identity: { SourceIp: entry.sourceIp, UserAgent: entry.userAgent },
        }),
      );
      return true;
    }
    response.writeHead(405);
    response.end();
    return true;
  };

  return {
    handleManagement,
    handleUpgrade,
    openCount: () => open.size,
    stop: async () => {
      for (const entry of open.values()) entry.socket.terminate();
      // The sockets' close events (and their $disconnect) come on the next turns.
      await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.allSettled([...pending]);
      server.close();
    },
  };
}
