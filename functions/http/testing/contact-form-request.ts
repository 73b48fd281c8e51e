import type { Context } from 'aws-lambda';
import type { ApiResult, createGroupHandler } from '../http';

/** Sends `body` (JSON text) to a contact-form group handler as API Gateway would, from the unit tests of ../http.ts. */
export function sendContactForm(handler: ReturnType<typeof createGroupHandler>, body: string): Promise<ApiResult> {
  const event = {
    version: '2.0',
    routeKey: 'POST /api/contact-form',
    rawPath: '/api/contact-form',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/contact-form' }, requestId: 'unit-request' },
  };
  return handler(event as never, { awsRequestId: 'unit-request', functionName: 'unit' } as Context);
}
