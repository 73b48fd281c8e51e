import type { LiveServerMessage } from '../../../shared/contracts/live';
import { businessMetrics } from '../../../shared/metrics';
import { config } from '../../lib/config';
import { countMetric } from '../../lib/metrics';
import { awsRequest, type AwsRequest } from '../../lib/aws-request';

/**
 * Talking to sockets: API Gateway's connection management API (`@connections`), in the
 * cloud and locally alike (the local gateway serves the same API, infra/local/gateway.ts),
 * as signed requests (functions/lib/aws-request.ts; the SDK's client weighed about 25 KB of
 * each bundle that reaches sockets). A socket that is gone answers 410 (GoneException):
 * callers then forget the connection.
 */
function connectionRequest(connectionId: string, method: 'POST' | 'GET' | 'DELETE', operation: string, body?: string): AwsRequest {
  const endpoint = config().liveEndpoint;
  if (!endpoint) throw new Error('Missing environment variable LIVE_ENDPOINT');
  const isLocal = endpoint.startsWith('http://');
  return {
    service: { signingName: 'execute-api', traceName: 'ApiGatewayManagementApi' },
    operation,
    region: config().region,
    method,
    url: new URL(`${endpoint.replace(/\/+$/, '')}/@connections/${encodeURIComponent(connectionId)}`),
    headers: body === undefined ? {} : { 'content-type': 'application/octet-stream' },
    ...(body === undefined ? {} : { body }),
    ...(isLocal ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  };
}

const isGone = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'GoneException' ||
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

/** Sends one message; 'gone' when the socket no longer exists. */
export async function sendToSocket(connectionId: string, message: LiveServerMessage): Promise<'sent' | 'gone'> {
  try {
    await awsRequest(connectionRequest(connectionId, 'POST', 'PostToConnection', JSON.stringify(message)));
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
    await awsRequest(connectionRequest(connectionId, 'DELETE', 'DeleteConnection'));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/** Whether a socket still exists (API Gateway answers 410 for one that went away without a $disconnect reaching us). */
export async function isSocketOpen(connectionId: string): Promise<boolean> {
  try {
    await awsRequest(connectionRequest(connectionId, 'GET', 'GetConnection'));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Tests point LIVE_ENDPOINT elsewhere between files: it is read at each call (config), nothing to drop. */
export function resetSocketClientForTests(): void {}
