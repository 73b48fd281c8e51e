import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import type { TotpEnableResponse, TotpSetupResponse, TwoFactorStatus } from '../../shared/contracts/mfa';
import { EntityRole, EntityType } from '../../shared/enums';
import { advanceClock, durations, now, resetClock } from '../../functions/lib/clock';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { matchingTimeStep, totpCodeAt } from '../../functions/lib/totp';
import { hashPassword, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { ApiClient, useIntegrationStack } from '../support/integration';
import { addMemberWithRole } from '../support/organisations';

/**
 * Two-factor sign-in (docs/product/sessions-and-sign-in.md#two-factor-sign-in): TOTP setup, enable, the two-step sign-in, replay and
 * recovery codes, disable; re-authentication before guarded routes; the advisor company's
 * policy. The server clock is moved (functions/lib/clock.ts) to pick time steps.
 */

const stack = useIntegrationStack();
afterEach(() => resetClock());

/** Moves the clock to 1 s into the next 30-second step, so a test's codes do not straddle a step. */
function toStartOfNextStep(): void {
  const ms = now().getTime();
  advanceClock(30_000 - (ms % 30_000) + 1_000);
}

async function passwordStep(client: ApiClient, who: TestAccount) {
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
  return client.call<'signIn', Record<string, unknown>>('signIn', { body: { email: who.email, password: hashPassword(who.plainPassword, body.salt) } });
}

async function withTotp(who: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await who.client.call<'setupTotp', TotpSetupResponse>('setupTotp');
  expect(setup.status).toBe(200);
  toStartOfNextStep();
  const enabled = await who.client.call<'enableTotp', TotpEnableResponse>('enableTotp', { body: { code: totpCodeAt(setup.body.secret) } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors (6-digit truncation) within ±1 step and no further', () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890", SHA-1, 8 digits; 6 digits are their last six.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const vectors: Array<[number, string]> = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCodeAt(secret, new Date(seconds * 1000))).toBe(code);
      expect(matchingTimeStep(secret, code, new Date(seconds * 1000))).toBe(Math.floor(seconds / 30));
      expect(matchingTimeStep(secret, code, new Date((seconds + 30) * 1000))).toBe(Math.floor(seconds / 30));
      expect(matchingTimeStep(secret, code, new Date((seconds - 30) * 1000))).toBe(Math.floor(seconds / 30));
      expect(matchingTimeStep(secret, code, new Date((seconds + 61) * 1000))).toBeNull();
    }
  });

  it('setup, enable, two-step sign-in, replay refused, a recovery code once, disable', async () => {
    const who = await signUpAndConfirm(stack);
    const setup = await who.client.call<'setupTotp', TotpSetupResponse>('setupTotp');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauthUrl).toContain('issuer=Family%20Canvas');
    // Not on until a code proves the app has it.
    expect((await passwordStep(stack.client(), who)).body).not.toHaveProperty('mfaRequired');
    toStartOfNextStep();
    expectError(await who.client.call('enableTotp', { body: { code: totpCodeAt(setup.body.secret, new Date(now().getTime() + 90_000)) } }), 90);
    const enabled = await who.client.call<'enableTotp', TotpEnableResponse>('enableTotp', { body: { code: totpCodeAt(setup.body.secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    expectError(await who.client.call('enableTotp', { body: { code: totpCodeAt(setup.body.secret) } }), 94);
    const status = await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus');
    expect(status.body).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, hasSecondFactor: true });

    // At rest: the secret is sealed (AES-256-GCM), the recovery codes are hashes.
    const stored = JSON.stringify((await db().send(new GetCommand({ TableName: tableName(), Key: keys.totp(who.userId) }))).Item, (_key, value: unknown) =>
      value instanceof Set ? [...value] : value,
    );
    expect(stored).not.toContain(setup.body.secret);
    for (const code of enabled.body.recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));

    // The password step starts no session.
    const browser = stack.client();
    const first = await passwordStep(browser, who);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, methods: ['totp', 'recoveryCode'] });
    // Its only cookie is the pending sign-in's (functions/domain/sessions/signin-cookies.ts), no session.
    expect(first.cookies.map((cookie) => cookie.split('=')[0])).toEqual(['fc_signin']);
    expectError(await browser.call('getProfile'), 5);
    const pendingCookie = browser.cookieHeader();
    // The code of the step enable used is spent; the next step's code (+1) is accepted.
    expectError(await browser.call('signInMfa', { body: { email: who.email, code: totpCodeAt(setup.body.secret) } }), 90);
    const nextCode = totpCodeAt(setup.body.secret, new Date(now().getTime() + 30_000));
    const second = await browser.call<'signInMfa', { id: string }>('signInMfa', { body: { email: who.email, code: nextCode } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.id).toBe(who.userId);
    expect((await browser.call('getProfile')).status).toBe(200);
    // Without a new password step the second step is gone (91 with the spent cookie, 89 without one); with one, the same code is a replay (90).
    expectError(await stack.client().call('signInMfa', { body: { email: who.email, code: nextCode }, headers: { cookie: pendingCookie } }), 91);
    expectError(await stack.client().call('signInMfa', { body: { email: who.email, code: nextCode } }), 89);
    const other = stack.client();
    await passwordStep(other, who);
    expectError(await other.call('signInMfa', { body: { email: who.email, code: nextCode } }), 90);
    // A recovery code works once (case and dash do not matter).
    const [recovery] = enabled.body.recoveryCodes;
    expect((await other.call('signInMfa', { body: { email: who.email, recoveryCode: recovery!.toUpperCase() } })).status).toBe(200);
    const third = stack.client();
    await passwordStep(third, who);
    expectError(await third.call('signInMfa', { body: { email: who.email, recoveryCode: recovery } }), 90);
    expect((await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus')).body.recoveryCodesLeft).toBe(9);

    // The second step must follow the password step within 5 minutes.
    const late = stack.client();
    await passwordStep(late, who);
    advanceClock(5 * durations.minute + 1_000);
    expectError(await late.call('signInMfa', { body: { email: who.email, code: totpCodeAt(setup.body.secret) } }), 91);

    // Disable: re-authentication first (the sign-in was more than 10 minutes ago), then a code.
    advanceClock(6 * durations.minute);
    const disableCode = { recoveryCode: enabled.body.recoveryCodes[1] };
    expectError(await browser.call('disableTotp', { body: disableCode }), 92);
    const { body: salt } = await browser.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
    expectError(await browser.call('reauthenticate', { body: { password: hashPassword('Wrong-Pass1', salt.salt) } }), 22);
    const reauth = await browser.call<'reauthenticate', { recentUntil: string }>('reauthenticate', {
      body: { password: hashPassword(who.plainPassword, salt.salt) },
    });
    expect(reauth.status).toBe(200);
    // Recent for 10 minutes from the stamp (to the second it was made in).
    const recentFor = new Date(reauth.body.recentUntil).getTime() - now().getTime();
    expect(recentFor).toBeGreaterThan(10 * durations.minute - 3_000);
    expect(recentFor).toBeLessThanOrEqual(10 * durations.minute);
    expect((await browser.call('disableTotp', { body: disableCode })).status).toBe(204);
    expect((await passwordStep(stack.client(), who)).body).toMatchObject({ id: who.userId });
    expect((await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus')).body).toMatchObject({
      totpEnabled: false,
      hasSecondFactor: false,
    });
  });

  it('throttles wrong codes like wrong passwords (80 after 5 free failures)', async () => {
    const who = await signUpAndConfirm(stack);
    const { secret } = await withTotp(who);
    const client = stack.client();
    await passwordStep(client, who);
    const wrong = totpCodeAt(secret, new Date(now().getTime() + 120_000));
    for (let attempt = 0; attempt < 5; attempt += 1) expectError(await client.call('signInMfa', { body: { email: who.email, code: wrong } }), 90);
    expectError(await client.call('signInMfa', { body: { email: who.email, code: wrong } }), 80);
    expectError(await client.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret, new Date(now().getTime() + 30_000)) } }), 80);
  });
});

describe('re-authentication', () => {
  it('guards revoking sessions and changing shares after 10 minutes; a code re-authenticates too', async () => {
    const who = await signUpAndConfirm(stack);
    expect((await who.client.call('revokeOtherSessions')).status).toBe(200);
    advanceClock(10 * durations.minute + 1_000);
    expectError(await who.client.call('revokeOtherSessions'), 92);
    expectError(await who.client.call('updateCanvasShares', { params: { entityId: who.entityId }, body: { canvasSections: [] } }), 92);
    // Other routes are not guarded.
    expect((await who.client.call('listSessions')).status).toBe(200);
    // Adding a factor is guarded too: the password re-authenticates, then TOTP goes on.
    expectError(await who.client.call('setupTotp'), 92);
    const { body: salt } = await who.client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
    expect((await who.client.call('reauthenticate', { body: { password: hashPassword(who.plainPassword, salt.salt) } })).status).toBe(200);
    const { secret } = await withTotp(who);
    // Stale again: a code re-authenticates as well as the password.
    advanceClock(10 * durations.minute + 1_000);
    expectError(await who.client.call('revokeOtherSessions'), 92);
    expectError(await who.client.call('reauthenticate', { body: { code: '000000', password: 'x' } }), 2);
    const code = totpCodeAt(secret, new Date(now().getTime() + 30_000));
    expect((await who.client.call('reauthenticate', { body: { code } })).status).toBe(200);
    expect((await who.client.call('revokeOtherSessions')).status).toBe(200);
    // The same code cannot re-authenticate twice.
    advanceClock(11 * durations.minute);
    expectError(await who.client.call('reauthenticate', { body: { code } }), 90);
  });
});

describe('the advisor company requires two-factor sign-in', () => {
  it('only the owner sets it; a member without a second factor cannot open the company until they set one up', async () => {
    const owner = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Strict Advisors' });
    const member = await addMemberWithRole(stack, owner, EntityRole.FullMember);
    // The owner needs a factor first (turning it on would lock them out).
    expectError(await owner.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } }), 93);
    await withTotp(owner);
    expectError(await member.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } }), 8);
    const on = await owner.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } });
    expect(on.body).toEqual({ requireTwoFactor: true, canChange: true });
    expectError(await member.client.call('getTwoFactorPolicy'), 4);
    // The member's session lost the company at once; opening it again says why, and so does reading it by id.
    expectError(await member.client.call('setCurrentEntity', { body: { id: owner.entityId } }), 93);
    expectError(await member.client.call('getEntity', { params: { entityId: owner.entityId } }), 93);
    // At the next sign-in the answer says to set it up, and no entity is current.
    const again = await passwordStep(member.client, member);
    expect(again.body).toMatchObject({ id: member.userId, twoFactorSetupRequired: true });
    expect((await member.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus')).body.requiredBy).toEqual([
      { entityId: owner.entityId, entityName: 'Strict Advisors' },
    ]);
    const memberFactor = await withTotp(member);
    const opened = await member.client.call<'setCurrentEntity', { id: number }>('setCurrentEntity', { body: { id: owner.entityId } });
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(owner.entityId);
    expect((await member.client.call<'getEntity', { id: number }>('getEntity', { params: { entityId: owner.entityId } })).body.id).toBe(owner.entityId);
    expect((await member.client.call('getTwoFactorPolicy')).body).toEqual({ requireTwoFactor: true, canChange: false });
    // Turning the last factor off takes the company away from the member's sessions again.
    const { recoveryCodes } = memberFactor;
    expect((await member.client.call('disableTotp', { body: { recoveryCode: recoveryCodes[0] } })).status).toBe(204);
    expectError(await member.client.call('getTwoFactorPolicy'), 4);
    expectError(await member.client.call('setCurrentEntity', { body: { id: owner.entityId } }), 93);
  });
});
