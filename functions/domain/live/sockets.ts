import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GetConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { LiveServerMessage } from '../../../shared/contracts/live';
import { businessMetrics } from '../../../shared/metrics';
import { config } from '../../lib/config';
import { countMetric } from '../../lib/metrics';
import { traced } from '../../lib/tracer';

/**
 * Talking to sockets: API Gateway's connection management API (`@connections`), in the
 * cloud and locally alike (the local gateway serves the same API, infra/local/gateway.ts).
 * A socket that is gone answers 410 (GoneException): callers then forget the connection.
 */
let client: ApiGatewayManagementApiClient | undefined;

function sockets(): ApiGatewayManagementApiClient {
  if (client) return client;
  const endpoint = config().liveEndpoint;
  if (!endpoint) throw new Error('Missing environment variable LIVE_ENDPOINT');
  const isLocal = endpoint.startsWith('http://');
  client = traced(
    new ApiGatewayManagementApiClient({
      endpoint,
      region: config().region,
      maxAttempts: 2,
      ...(isLocal ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }),
  );
  return client;
}

const isGone = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'GoneException' ||
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

/** Sends one message; 'gone' when the socket no longer exists. */
export async function sendToSocket(connectionId: string, message: LiveServerMessage): Promise<'sent' | 'gone'> {
  try {
    await sockets().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }));
    countMetric(businessMetrics.webSocketMessages);
    return 'sent';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}

/** Closes a socket (API Gateway then calls $disconnect); a socket already gone is fine. */
export async function closeSocket(connectionId: string): Promise<void> {
  try {
    await sockets().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/** Whether a socket still exists (API Gateway answers 410 for one that went away without a $disconnect reaching us). */
export async function isSocketOpen(connectionId: string): Promise<boolean> {
  try {
    await sockets().send(new GetConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Tests point LIVE_ENDPOINT elsewhere between files; this drops the client. */
export function resetSocketClientForTests(): void {
  client?.destroy();
  client = undefined;
}
