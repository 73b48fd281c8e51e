import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The address of the client that made a request, as the API event carries it
 * (requestContext.http.sourceIp; the local gateway fills it from the socket). Per-client
 * limits (sign-in throttling, anonymous mail) key on it. Never a header a client chose.
 */
export function clientAddressOf(event: APIGatewayProxyEventV2): string {
  return event.requestContext?.http?.sourceIp || 'unknown';
}

/** The client's User-Agent, cut to a size worth storing. */
export function userAgentOf(event: APIGatewayProxyEventV2): string {
  return (event.requestContext?.http?.userAgent || event.headers?.['user-agent'] || '').slice(0, 512);
}
