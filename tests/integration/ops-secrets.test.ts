import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TotpEnableResponse, TotpSetupResponse } from '../../shared/contracts/mfa';
import type { UnsubscribeResponse } from '../../shared/contracts/notifications';
import { advanceClock, durations, now, resetClock } from '../../functions/lib/clock';
import { resetConfigForTests } from '../../functions/lib/config';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { getMigrationRecord, runMigration } from '../../functions/lib/db/migrations';
import { previousSecretWindowMs, resetServerSecretForTests, serverSecretCacheMs } from '../../functions/lib/server-secret';
import { unsubscribeTokenFor } from '../../functions/domain/notifications/unsubscribe-token';
import { mfaKeyCacheMs } from '../../functions/lib/mfa-key';
import { reencryptMfaMigration } from '../../functions/domain/two-factor/reencrypt-secrets';
import { totpCodeAt } from '../../functions/lib/totp';
import { rotateMfaKey, rotateServerSecret } from '../../scripts/ops/rotation';
import { secretStore } from '../../scripts/ops/secret-store';
import { hashPassword, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * Secrets that rotate (docs/operations.md "Running it", "Secrets rotation"), against the local stand-in
 * for Secrets Manager: the JSON files `npm run ops -- rotate-…` writes under LOCAL_SECRETS_DIR
 * (here a directory of this file's own), which the handlers read again after their cache time.
 */
const stack = useIntegrationStack();
let secretsDir: string;

beforeAll(() => {
  secretsDir = mkdtempSync(path.join(tmpdir(), 'fc-secrets-'));
  process.env.LOCAL_SECRETS_DIR = secretsDir;
  resetConfigForTests();
  resetServerSecretForTests();
});
afterEach(() => resetClock());

const store = (name: 'server-secret' | 'mfa-key') => secretStore(name, { ...process.env, LOCAL_SECRETS_DIR: secretsDir });

describe('SERVER_SECRET rotation', () => {
  it('an unsubscribe link made before a rotation still works after it; new links use the new value; the old value ends after its window', async () => {
    const who = await signUpAndConfirm(stack);
    const before = await unsubscribeTokenFor(who.userId);
    const linkTo = (token: string) => `${routePath('getUnsubscribe')}?token=${encodeURIComponent(token)}`;
    expect((await stack.client().get<UnsubscribeResponse>(linkTo(before))).body).toEqual({ digest: 'weekly' });

    await rotateServerSecret(store('server-secret'), now());
    const stored = JSON.parse(await readFile(path.join(secretsDir, 'server-secret.json'), 'utf8')) as Record<string, string>;
    expect(stored).toEqual({
      current: expect.stringMatching(/^[0-9a-f]{64}$/),
      previous: 'local-development-secret-not-for-production',
      rotatedAt: expect.any(String),
    });
    // The handlers read the secret again once their copy is older than the cache time: no restart.
    advanceClock(serverSecretCacheMs);

    const after = await unsubscribeTokenFor(who.userId);
    expect(after).not.toBe(before);
    const anonymous = stack.client();
    expect((await anonymous.get<UnsubscribeResponse>(linkTo(before))).body).toEqual({ digest: 'weekly' });
    expect((await anonymous.get<UnsubscribeResponse>(linkTo(after))).body).toEqual({ digest: 'weekly' });
    expectError(await anonymous.get(linkTo(`${who.userId}.${'A'.repeat(43)}`)), 4);

    // Past the window only the current value verifies.
    advanceClock(previousSecretWindowMs);
    expectError(await anonymous.get(linkTo(before)), 4);
    expect((await anonymous.get<UnsubscribeResponse>(linkTo(after))).body).toEqual({ digest: 'weekly' });
  });
});

describe('MFA key rotation and re-encryption', () => {
  async function withTotp(who: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await who.client.call<'setupTotp', TotpSetupResponse>('setupTotp');
    expect(setup.status).toBe(200);
    // 1 s into the next 30-second step: the enable code and the sign-in code are of different steps.
    advanceClock(30_000 - (now().getTime() % 30_000) + 1_000);
    const enabled = await who.client.call<'enableTotp', TotpEnableResponse>('enableTotp', { body: { code: totpCodeAt(setup.body.secret) } });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  async function signInWithSecondFactor(who: TestAccount, proof: { code?: string; recoveryCode?: string }): Promise<ApiClient> {
    const browser = stack.client();
    const { body } = await browser.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
    const first = await browser.call<'signIn', Record<string, unknown>>('signIn', {
      body: { email: who.email, password: hashPassword(who.plainPassword, body.salt) },
    });
    expect(first.body).toMatchObject({ mfaRequired: true });
    const second = await browser.call<'signInMfa', { id: string }>('signInMfa', { body: { email: who.email, ...proof } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return browser;
  }

  const storedSecret = async (userId: string) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: keys.totp(userId), ConsistentRead: true }))).Item?.secret as string;

  it('after rotate-mfa-key and reencrypt-mfa every TOTP secret is sealed with the new version and TOTP sign-in still works', async () => {
    const users = await Promise.all([signUpAndConfirm(stack), signUpAndConfirm(stack), signUpAndConfirm(stack)]);
    const factors = [];
    for (const who of users) factors.push(await withTotp(who));
    for (const who of users) expect(await storedSecret(who.userId)).toMatch(/^v2\.1\./);

    const rotated = await rotateMfaKey(store('mfa-key'));
    expect(rotated).toMatchObject({ current: '2', versions: ['1', '2'] });
    advanceClock(mfaKeyCacheMs);
    // Not re-encrypted yet: the old version still opens.
    advanceClock(30_000);
    await signInWithSecondFactor(users[0]!, { code: totpCodeAt(factors[0]!.secret) });

    // Interrupted after its first page, then resumed: every secret moves once.
    const migration = await reencryptMfaMigration();
    expect(migration.id).toBe('mfa-reencrypt-k2');
    const dry = await runMigration(migration, { dryRun: true, pageSize: 1 });
    expect(dry.counts).toMatchObject({ examined: 3, changed: 3 });
    for (const who of users) expect(await storedSecret(who.userId)).toMatch(/^v2\.1\./);
    const firstRun = await runMigration(migration, { pageSize: 1, stopAfterPages: 1 });
    expect(firstRun.outcome).toBe('stopped');
    const finished = await runMigration(migration, { pageSize: 1 });
    expect(finished.outcome).toBe('done');
    expect(finished.counts).toMatchObject({ examined: 3, changed: 3, unchanged: 0 });
    expect((await getMigrationRecord('mfa-reencrypt-k2'))?.status).toBe('done');
    for (const who of users) expect(await storedSecret(who.userId)).toMatch(/^v2\.2\./);

    // Only the new key is needed for TOTP now: sign in with a code of each user.
    advanceClock(30_000);
    for (const [index, who] of users.entries()) {
      const browser = await signInWithSecondFactor(who, { code: totpCodeAt(factors[index]!.secret) });
      expect((await browser.call('getProfile')).status).toBe(200);
    }
    // A recovery code made under version 1 is still found (its hash stays under the key that made it).
    await signInWithSecondFactor(users[1]!, { recoveryCode: factors[1]!.recoveryCodes[0]! });
    advanceClock(durations.minute);
    // Real work: three accounts with TOTP, a migration run three times and eight sign-ins (11 s on a
    // quiet machine; a busy one took over 30 s).
  }, 120_000);
});
