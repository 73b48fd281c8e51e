import { describe, expect, it } from 'vitest';
import { maxGatewayPayloadBytes } from '../../infra/api-limits';
import { useIntegrationStack } from '../support/integration';

/**
 * What the local gateway answers by itself, before any handler runs, as API Gateway's HTTP
 * API does (issue item 9): a missing route or method, a body over the 10 MB payload quota,
 * and the stage's throttling, each with API Gateway's own body and no errorCode (the web
 * client maps these, web/src/lib/api-client.ts). The stage's bucket (infra/api-limits.ts)
 * is made small here so a burst of a few requests empties it.
 */

const burstLimit = 5;
const stack = useIntegrationStack({ gatewayThrottle: { rateLimit: 1, burstLimit } });

describe("the local gateway's own answers", () => {
  it('answers a route the manifest does not have with 404 {"message":"Not Found"}', async () => {
    const response = await stack.client().get('/api/no-such-route/here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not Found' });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers a known path with a method it does not route the same way (an HTTP API matches both together)', async () => {
    const response = await stack.client().delete('/api/contact-form');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not Found' });
  });

  it('refuses a body over the 10 MB payload quota with 413 {"message":"Request Entity Too Large"}', async () => {
    const rawBody = JSON.stringify({ subject: 'x', message: 'y'.repeat(maxGatewayPayloadBytes) });
    const response = await stack.client().call('sendContactMessage', { rawBody });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request Entity Too Large' });
  });

  it('throttles a burst past the bucket with 429 {"message":"Too Many Requests"}', async () => {
    const burst = 4 * burstLimit;
    const responses = await Promise.all(Array.from({ length: burst }, () => stack.client().get('/api/no-such-route')));
    const throttled = responses.filter((response) => response.status === 429);
    // The bucket holds 5 and refills 1 a second: of 20 sent at once, at most a token or two more get through.
    expect(throttled.length).toBeGreaterThanOrEqual(burst - burstLimit - 2);
    for (const response of throttled) expect(response.body).toEqual({ message: 'Too Many Requests' });
    expect(responses.filter((response) => response.status !== 429).every((response) => response.status === 404)).toBe(true);
  });
});
