import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import type { LiveServerMessage } from '../../../shared/contracts/live';
import { businessMetrics } from '../../../shared/metrics';
import { config } from '../../lib/config';
import { countMetric, tracer } from '../../lib/observability';

/**
 * Talking to sockets: API Gateway's connection management API (`@connections`) through its
 * SDK client, in the cloud and locally alike (the local gateway serves the same API at
 * LIVE_ENDPOINT, infra/local/live-gateway.ts). A socket that is gone answers 410
 * (GoneException): callers then forget the connection. One client per endpoint. The client's
 * module is loaded at the first call, not with the handler: most requests of the groups that
 * carry it (revocation on sign-out, a member removed) never reach a socket
 * (docs/architecture-decisions.md, Lambda bundles).
 */
const clientModule = () => import('./connections-client');

let client: { endpoint: string; api: ApiGatewayManagementApiClient } | undefined;

async function connections(): Promise<ApiGatewayManagementApiClient> {
  const endpoint = config().liveEndpoint;
  if (!endpoint) throw new Error('Missing environment variable LIVE_ENDPOINT');
  if (!client || client.endpoint !== endpoint) {
    const { ApiGatewayManagementApiClient } = await clientModule();
    const isLocal = endpoint.startsWith('http://');
    client = {
      endpoint,
      api: tracer.captureAWSv3Client(
        new ApiGatewayManagementApiClient({
          region: config().region,
          endpoint,
          maxAttempts: 2,
          ...(isLocal ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
        }),
      ),
    };
  }
  return client.api;
}

const isGone = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'GoneException' ||
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

/** Sends one message; 'gone' when the socket no longer exists. */
export async function sendToSocket(connectionId: string, message: LiveServerMessage): Promise<'sent' | 'gone'> {
  try {
    const [{ PostToConnectionCommand }, api] = await Promise.all([clientModule(), connections()]);
    await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
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
    const [{ DeleteConnectionCommand }, api] = await Promise.all([clientModule(), connections()]);
    await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/** Whether a socket still exists (API Gateway answers 410 for one that went away without a $disconnect reaching us). */
export async function isSocketOpen(connectionId: string): Promise<boolean> {
  try {
    const [{ GetConnectionCommand }, api] = await Promise.all([clientModule(), connections()]);
    await api.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Tests point LIVE_ENDPOINT elsewhere between files: the client is made again for another endpoint; this drops it outright. */
export function resetSocketClientForTests(): void {
  client = undefined;
}
