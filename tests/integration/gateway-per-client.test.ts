import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetOriginSecretForTests } from '../../functions/lib/origin-secret';
import { perViewerAddressLimit, stageThrottle } from '../../infra/api-limits';
import { startStaticServer, type StaticServer } from '../../infra/local/static-server';
import { useIntegrationStack } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * The limits as deployed (infra/api-limits.ts): the stage's generous buckets shared by everyone,
 * and WAF's limit per viewer address. Two clients reach the gateway through the local front door
 * (infra/local/static-server.ts, CloudFront's stand-in) from addresses of their own (loopback
 * 127.0.0.2 and 127.0.0.3), as two households would: the one that floods gets 429, the other is
 * served throughout.
 */
const stack = useIntegrationStack({ gatewayThrottle: stageThrottle, gatewayClientLimit: perViewerAddressLimit });
const originSecret = `local-origin-${randomUUID()}`;
let frontDoor: StaticServer | undefined;
let root: string | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'fc-per-client-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Family Canvas</title>');
  // What infra/local/stack.ts localEnvironment sets when the stack has a front door.
  process.env.ORIGIN_SECRET = originSecret;
  resetOriginSecretForTests();
  frontDoor = await startStaticServer({ root, apiTarget: stack.apiUrl, port: 0, host: '127.0.0.1', originSecret });
});

afterAll(async () => {
  await frontDoor?.stop();
  if (root) await rm(root, { recursive: true, force: true });
  delete process.env.ORIGIN_SECRET;
  resetOriginSecretForTests();
});

/** One GET from a given local address, each on its own connection (as many clients' would be). */
function getFrom(base: string, localAddress: string, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { localAddress, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const flooder = '127.0.0.2';
const neighbour = '127.0.0.3';

describe('limits per client', () => {
  it('answers one flooding address 429 past its limit while another address is served', async () => {
    const base = frontDoor!.url;
    // A signed-out read: the handler answers it quickly (401), and WAF counts it as any other.
    const statuses: number[] = [];
    for (let n = 0; n < perViewerAddressLimit.limit + 20; n += 1) statuses.push((await getFrom(base, flooder, routePath('getProfile'))).status);
    expect(statuses.slice(0, perViewerAddressLimit.limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(perViewerAddressLimit.limit).every((status) => status === 429)).toBe(true);
    const refused = await getFrom(base, flooder, routePath('getProfile'));
    expect(refused).toEqual({ status: 429, body: JSON.stringify({ message: 'Too Many Requests' }) });

    // The neighbour, a moment later and within the same window: its own answers.
    for (let n = 0; n < 5; n += 1) expect((await getFrom(base, neighbour, routePath('getProfile'))).status).toBe(401);
  });

  it('counts a client by the address the front door saw, whatever CloudFront-Viewer-Address it sends', async () => {
    const base = frontDoor!.url;
    // The flooder above is still over its limit: a forged viewer address on each call changes nothing.
    const forged = await getFrom(base, flooder, routePath('getProfile'), { 'cloudfront-viewer-address': `198.51.100.${Math.floor(Math.random() * 200)}:4000` });
    expect(forged.status).toBe(429);
    // Straight to the gateway (no origin secret), the neighbour claiming to be the flooder: the header is not
    // trusted, the socket's address counts, and the handler refuses the call for lacking the secret.
    const direct = await getFrom(stack.apiUrl, neighbour, routePath('getProfile'), { 'cloudfront-viewer-address': `${flooder}:4000` });
    expect(direct.status).toBe(403);
  });
});
