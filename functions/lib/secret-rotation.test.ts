import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecret, sealSecret } from './secret-box';
import { resetConfigForTests } from './config';
import { resetSecretsForTests } from './secret-source';
import { verifiesWithServerSecret } from './server-secret';
import { startSecretsManagerEndpoint, type SecretVersions } from './testing/secrets-manager-endpoint';

/**
 * A rotation seen from a warm function: its Powertools cache (./secret-source.ts) still holds the
 * value from before, while a function started after the rotation already signs or seals with the new
 * one. What a user would notice otherwise: a paging cursor, an unsubscribe link or a device cookie
 * refused, a TOTP code failing with a server error, for up to five minutes.
 */

const serverSecretArn = 'arn:aws:secretsmanager:eu-central-1:111122223333:secret:server-AbCdEf';
const mfaKeyArn = 'arn:aws:secretsmanager:eu-central-1:111122223333:secret:mfa-AbCdEf';
const serverSecret: SecretVersions = { current: '' };
const mfaKey: SecretVersions = { current: '' };
let endpoint: Awaited<ReturnType<typeof startSecretsManagerEndpoint>>;

beforeAll(async () => {
  endpoint = await startSecretsManagerEndpoint({ [serverSecretArn]: serverSecret, [mfaKeyArn]: mfaKey });
  const environment = {
    TABLE_NAME: 't',
    APP_URL: 'http://localhost',
    MAIL_FROM: 'a@b.c',
    CONTACT_TO: 'a@b.c',
    SERVER_SECRET_ARN: serverSecretArn,
    MFA_KEY_SECRET_ARN: mfaKeyArn,
    ...endpoint.environment,
  };
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  resetConfigForTests();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetConfigForTests();
  resetSecretsForTests();
  await endpoint.stop();
});

beforeEach(() => {
  resetSecretsForTests();
  endpoint.asked.length = 0;
});

/** The same code in a function started now: a module graph of its own, with an empty cache. */
async function freshFunction() {
  vi.resetModules();
  return { serverSecret: await import('./server-secret'), secretBox: await import('./secret-box') };
}

const hmac = (value: string, message: string) => createHmac('sha256', value).update(message).digest();
const matches = (given: Buffer) => (digest: Buffer) => digest.length === given.length && timingSafeEqual(digest, given);

describe('SERVER_SECRET rotated while a function is warm', () => {
  it('verifies what a fresh function signed with the new value, and a forged value reads the secret again at most once a minute', async () => {
    serverSecret.current = JSON.stringify({ current: 'before' });
    expect(await verifiesWithServerSecret('cursor', matches(hmac('before', 'cursor')))).toBe(true);

    serverSecret.current = JSON.stringify({ current: 'after', previous: 'before', rotatedAt: new Date().toISOString() });
    const signedAfter = await (await freshFunction()).serverSecret.signWithServerSecret('cursor');
    expect(signedAfter.equals(hmac('after', 'cursor'))).toBe(true);
    expect(await verifiesWithServerSecret('cursor', matches(signedAfter))).toBe(true);
    // What was handed out before the rotation still holds.
    expect(await verifiesWithServerSecret('cursor', matches(hmac('before', 'cursor')))).toBe(true);

    const reads = endpoint.asked.length;
    expect(await verifiesWithServerSecret('cursor', matches(hmac('forged', 'cursor')))).toBe(false);
    expect(await verifiesWithServerSecret('cursor', matches(hmac('forged', 'cursor')))).toBe(false);
    expect(endpoint.asked.length - reads).toBe(0);
  });
});

describe('the MFA key rotated while a function is warm', () => {
  it('opens a TOTP secret sealed with the new key version by a fresh function', async () => {
    mfaKey.current = JSON.stringify({ current: '1', keys: { '1': 'a'.repeat(64) } });
    const sealedBefore = await sealSecret('JBSWY3DPEHPK3PXP', 'user-1');
    expect(await openSecret(sealedBefore, 'user-1')).toBe('JBSWY3DPEHPK3PXP');

    mfaKey.current = JSON.stringify({ current: '2', keys: { '1': 'a'.repeat(64), '2': 'b'.repeat(64) } });
    const sealedAfter = await (await freshFunction()).secretBox.sealSecret('NEWSECRETAFTERROTATION', 'user-1');
    expect(sealedAfter.startsWith('v2.2.')).toBe(true);

    expect(await openSecret(sealedAfter, 'user-1')).toBe('NEWSECRETAFTERROTATION');
    expect(await openSecret(sealedBefore, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });
});
