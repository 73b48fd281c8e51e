import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetOriginSecretForTests } from '../../functions/lib/origin-secret';
import { startStaticServer, type StaticServer } from '../../infra/local/static-server';
import { hashPassword, newSalt, signUpAndConfirm, signupBody } from '../support/accounts';
import { familyWithCanvas } from '../support/canvas';
import { ApiClient, useIntegrationStack, type ApiResponse, type ClientOptions, type IntegrationStack } from '../support/integration';
import { LiveSocket } from '../support/live';
import { snapshotTable } from '../support/table';

/**
 * CloudFront as the only way in, and the viewer's own address behind it (docs/security.md):
 * the local front door (infra/local/static-server.ts) plays CloudFront in front of the
 * gateway as it does for the end-to-end tests. It adds the origin secret and
 * `CloudFront-Viewer-Address` (the client's socket address), replacing any copy a client sent;
 * the handlers, started with the secret, refuse whatever comes without it (HTTP and the
 * WebSocket handshake) and key per-client limits on the viewer address. The front door's own
 * requests all come from 127.0.0.1, as CloudFront's come from its edge: without the viewer
 * address every client behind it would share one throttle.
 */
const stack = useIntegrationStack();
const originSecret = `local-origin-${randomUUID()}`;
let frontDoor: StaticServer | undefined;
let root: string | undefined;

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

/** The stack as the browser sees it in the cloud: every call through the front door. */
const viaFrontDoor: IntegrationStack = Object.create(stack, {
  apiUrl: { get: () => frontDoor!.url },
  client: { value: (options?: ClientOptions) => new ApiClient(() => frontDoor!.url, options) },
}) as IntegrationStack;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'fc-front-door-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Family Canvas</title>');
  // What infra/local/stack.ts localEnvironment sets when the stack has a front door.
  process.env.ORIGIN_SECRET = originSecret;
  resetOriginSecretForTests();
  frontDoor = await startStaticServer({ root, apiTarget: stack.apiUrl, port: 0, originSecret });
});

afterAll(async () => {
  await frontDoor?.stop();
  if (root) await rm(root, { recursive: true, force: true });
  delete process.env.ORIGIN_SECRET;
  resetOriginSecretForTests();
});

const snapshot = () => snapshotTable(stack.dynamoEndpoint, stack.tableName);

/** A password sign-in with extra headers on both of its calls (a client's own forged ones). */
async function signIn(client: ApiClient, email: string, plainPassword: string, headers: Record<string, string> = {}) {
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email }, headers });
  return client.call<'signIn', ErrorBody>('signIn', { body: { email, password: hashPassword(plainPassword, body.salt) }, headers });
}

function expectRefusedDirect(response: ApiResponse<unknown>) {
  expect(response.status).toBe(403);
  expect((response.body as ErrorBody).errorCode).toBe(8);
}

describe('direct calls to the gateway (the execute-api host)', () => {
  it('are refused with 403 and code 8 without the origin secret or with a wrong one, and change nothing', async () => {
    const account = await signUpAndConfirm(viaFrontDoor);
    const before = await snapshot();
    const direct = stack.client({ sourceAddress: '127.0.0.21' });
    expectRefusedDirect(await direct.call('signUp', { body: signupBody() }));
    expectRefusedDirect(await direct.call('getSalt', { body: { email: account.email } }));
    expectRefusedDirect(await direct.call('signIn', { body: { email: account.email, password: hashPassword('Wrong-Pass1', newSalt()) } }));
    expectRefusedDirect(await direct.call('signUp', { body: signupBody(), headers: { 'x-origin-verify': 'a-guess' } }));
    expectRefusedDirect(await direct.call('sendContactMessage', { headers: { 'x-origin-verify': '' } }));
    // Nothing stored: no account, no throttle count, no mail counter.
    expect(await snapshot()).toEqual(before);
    // The same calls through the front door are answered.
    expect((await viaFrontDoor.client({ sourceAddress: '127.0.0.21' }).call('signUp', { body: signupBody() })).status).toBe(201);
  });

  it('refuses a WebSocket connect without the origin secret (403, no connection stored); through the front door it opens', async () => {
    const { owner } = await familyWithCanvas(viaFrontDoor);
    const before = await snapshot();
    await expect(LiveSocket.open(stack, owner.client)).rejects.toMatchObject({ status: 403 });
    expect(await snapshot()).toEqual(before);
    const socket = await LiveSocket.open(viaFrontDoor, owner.client);
    await socket.close();
  });
});

describe('the client address behind the front door', () => {
  it('keys sign-in throttling on each viewer: two clients behind one front door have separate throttles', async () => {
    const account = await signUpAndConfirm(viaFrontDoor);
    const guesser = viaFrontDoor.client({ sourceAddress: '127.0.0.22' });
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await signIn(guesser, account.email, `Wrong-Pass${attempt}`)).status, `attempt ${attempt}`).toBe(401);
    const locked = await signIn(guesser, account.email, account.plainPassword);
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe(80);
    // Another viewer behind the same front door (the same edge address at the gateway) is not locked out.
    expect((await signIn(viaFrontDoor.client({ sourceAddress: '127.0.0.23' }), account.email, account.plainPassword)).status).toBe(200);
  });

  it('ignores a CloudFront-Viewer-Address the client sends itself: it can neither pick its key nor lock out the address it names', async () => {
    const account = await signUpAndConfirm(viaFrontDoor);
    const attacker = viaFrontDoor.client({ sourceAddress: '127.0.0.24' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Each guess claims another viewer: were the header trusted, no count would reach five.
      const forged = { 'cloudfront-viewer-address': `127.0.0.25:${40000 + attempt}`, 'x-origin-verify': 'a-guess' };
      expect((await signIn(attacker, account.email, `Wrong-Pass${attempt}`, forged)).status, `attempt ${attempt}`).toBe(401);
    }
    expect((await signIn(attacker, account.email, account.plainPassword)).status).toBe(429);
    // The address it named was never counted.
    expect((await signIn(viaFrontDoor.client({ sourceAddress: '127.0.0.25' }), account.email, account.plainPassword)).status).toBe(200);
  });
});
