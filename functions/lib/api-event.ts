import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** What makes one HTTP API (payload 2.0) event: the parts a request brings and where it came from. */
export type ApiEventParts = {
  /** `GET /api/canvas/{familyId}`: the route API Gateway matched. */
  routeKey: string;
  method: string;
  path: string;
  rawQueryString?: string;
  /** Lower-case names; the cookies go in `cookies`, as API Gateway sends them. */
  headers: Record<string, string>;
  cookies?: string[];
  queryStringParameters?: Record<string, string>;
  pathParameters?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  sourceIp: string;
  protocol?: string;
  requestId: string;
  domainName?: string;
  /** Defaults to `local` (the local gateway). */
  apiId?: string;
};

/**
 * The event API Gateway's HTTP API hands a route's Lambda (payload format 2.0), made from its
 * parts: the local gateway (infra/local/gateway.ts) and the release hook's synthetic requests
 * (functions/release-hook/probes.ts) send the handlers the same shape the cloud does.
 */
export function apiGatewayEvent(parts: ApiEventParts): APIGatewayProxyEventV2 {
  const domainName = parts.domainName ?? parts.headers.host ?? 'localhost';
  return {
    version: '2.0',
    routeKey: parts.routeKey,
    rawPath: parts.path,
    rawQueryString: parts.rawQueryString ?? '',
    ...(parts.cookies?.length ? { cookies: parts.cookies } : {}),
    headers: parts.headers,
    ...(parts.queryStringParameters && Object.keys(parts.queryStringParameters).length ? { queryStringParameters: parts.queryStringParameters } : {}),
    ...(parts.pathParameters && Object.keys(parts.pathParameters).length ? { pathParameters: parts.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: parts.apiId ?? 'local',
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: parts.method,
        path: parts.path,
        protocol: parts.protocol ?? 'HTTP/1.1',
        sourceIp: parts.sourceIp,
        userAgent: parts.headers['user-agent'] ?? '',
      },
      requestId: parts.requestId,
      routeKey: parts.routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    isBase64Encoded: parts.isBase64Encoded ?? false,
  };
}
