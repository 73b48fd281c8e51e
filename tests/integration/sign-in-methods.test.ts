import { afterEach, describe, expect, it } from 'vitest';
import type { FactorRecoveryState, NotMeResponse } from '../../shared/contracts/auth';
import type { TotpEnableResponse, TotpSetupResponse, TwoFactorStatus } from '../../shared/contracts/mfa';
import type { RegisterPasskeyResponse } from '../../shared/contracts/passkeys';
import { advanceClock, durations, now, resetClock } from '../../functions/lib/clock';
import { totpCodeAt } from '../../functions/lib/totp';
import { hashPassword, linkParameter, newSalt, signIn, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError, familyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient, type SentEmail } from '../support/integration';
import { liveSocketsOf } from '../support/live';
import { integrationOrigin, SoftAuthenticator } from '../support/passkeys';

/**
 * Sign-in methods: adding a factor needs a recent authentication; every change of a method
 * is announced by mail with a "This was not me" link that undoes it and ends every session;
 * the first passkey hands out recovery codes; a person who lost every factor recovers
 * through the mailbox after a 24-hour wait (the server clock is moved, never waited for).
 */

const stack = useIntegrationStack();
const openSocket = liveSocketsOf(stack);
afterEach(() => resetClock());

const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const noticeSubject = 'A sign-in method of your Family Canvas account changed';

/** Moves the clock to 1 s into the next 30-second step, so a test's codes do not straddle a step. */
function toStartOfNextStep(): void {
  const ms = now().getTime();
  advanceClock(30_000 - (ms % 30_000) + 1_000);
}

async function mailsWithSubject(email: string, subject: string): Promise<SentEmail[]> {
  return (await stack.emailsTo(email)).filter((mail) => mail.subject === subject);
}

/** Waits (bounded) until `count` mails with the subject reached the address; returns the newest. */
async function nthMail(email: string, subject: string, count: number): Promise<SentEmail> {
  return (await stack.waitForEmails(email, count, { subject }))[count - 1]!;
}

async function enableTotp(client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.call<'setupTotp', TotpSetupResponse>('setupTotp');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  toStartOfNextStep();
  const enabled = await client.call<'enableTotp', TotpEnableResponse>('enableTotp', { body: { code: totpCodeAt(setup.body.secret) } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

async function registerPasskey(client: ApiClient, authenticator: SoftAuthenticator, label: string) {
  const options = await client.call<'registrationOptions', Parameters<SoftAuthenticator['register']>[0]>('registrationOptions');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return client.call<'registerPasskey', RegisterPasskeyResponse>('registerPasskey', { body: { label, response: authenticator.register(options.body) } });
}

/** A second session of the account from another browser and address (what a thief would hold). */
async function otherSession(who: TestAccount, sourceAddress = '127.0.0.23') {
  const client = stack.client({ sourceAddress, userAgent: chrome });
  expect((await signIn(client, who.email, who.plainPassword)).status).toBe(200);
  return client;
}

async function resetPasswordWith(email: string, token: string, plainPassword: string) {
  const salt = newSalt();
  return stack.client().call('resetPassword', { body: { email, token, password: hashPassword(plainPassword, salt), salt } });
}

describe('adding a factor needs a recent authentication', () => {
  it('refuses TOTP setup and enable and passkey registration to a session older than 10 minutes until it re-authenticates', async () => {
    const who = await signUpAndConfirm(stack);
    // A session taken over later: it signed in 11 minutes ago and never proved anything since.
    advanceClock(11 * durations.minute);
    expectError(await who.client.call('setupTotp'), 92);
    expectError(await who.client.call('enableTotp', { body: { code: '123456' } }), 92);
    expectError(await who.client.call('registrationOptions'), 92);
    expectError(await who.client.call('registerPasskey', { looseBody: { label: 'Thief', response: {} } }), 92);
    // Nothing was added.
    const status = await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus');
    expect(status.body).toMatchObject({ totpEnabled: false, passkeyCount: 0, hasSecondFactor: false });

    const { body: salt } = await who.client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
    expect((await who.client.call('reauthenticate', { body: { password: hashPassword(who.plainPassword, salt.salt) } })).status).toBe(200);
    await enableTotp(who.client);
    expect((await registerPasskey(who.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Laptop')).status).toBe(201);
  });
});

describe('every change of a sign-in method is announced by mail', () => {
  it('names the change, the time in UTC, the device and the address, with a "This was not me" link', async () => {
    const who = await signUpAndConfirm(stack);
    const client = await otherSession(who, '127.0.0.31');
    const { secret } = await enableTotp(client);
    const enabled = await nthMail(who.email, noticeSubject, 1);
    expect(enabled.body.text).toContain('authenticator app was turned on');
    expect(enabled.body.text).toMatch(/on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)/);
    expect(enabled.body.text).toContain('Chrome on Mac OS');
    expect(enabled.body.text).toContain('127.0.0.31');
    expect(linkParameter(enabled.body.text, '/not-me', 'token')).toMatch(/\S{20,}/);
    expect(enabled.body.html).toContain('This was not me');

    const added = await registerPasskey(client, new SoftAuthenticator({ origin: integrationOrigin }), 'Desk key');
    expect((await nthMail(who.email, noticeSubject, 2)).body.text).toContain('A passkey named "Desk key" was added');
    expect((await client.call('removePasskey', { params: { id: added.body.id } })).status).toBe(204);
    expect((await nthMail(who.email, noticeSubject, 3)).body.text).toContain('The passkey named "Desk key" was removed');
    toStartOfNextStep();
    expect((await client.call('disableTotp', { body: { code: totpCodeAt(secret) } })).status).toBe(204);
    expect((await nthMail(who.email, noticeSubject, 4)).body.text).toContain('authenticator app was turned off');

    const { body: current } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
    const salt = newSalt();
    const changed = await client.call('changePassword', {
      body: {
        password: hashPassword(who.plainPassword, current.salt),
        newPassword: hashPassword('Other-Secret7', salt),
        salt,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    expect((await nthMail(who.email, noticeSubject, 5)).body.text).toContain('The password of your account was changed');

    expect((await stack.client().call('sendReset', { body: { email: who.email } })).status).toBe(200);
    const resetMail = await nthMail(who.email, 'Reset your Family Canvas password', 1);
    expect((await resetPasswordWith(who.email, linkParameter(resetMail.body.text, '/reset-password', 'token'), 'Third-Secret8')).status).toBe(200);
    expect((await nthMail(who.email, noticeSubject, 6)).body.text).toContain('reset with an e-mail link');
  });

  it('announces a recovery code used at sign-in', async () => {
    const who = await signUpAndConfirm(stack);
    const { recoveryCodes } = await enableTotp(who.client);
    await nthMail(who.email, noticeSubject, 1);
    const client = stack.client();
    expect((await signIn(client, who.email, who.plainPassword)).body).toMatchObject({ mfaRequired: true });
    expect((await client.call('signInMfa', { body: { email: who.email, recoveryCode: recoveryCodes[0] } })).status).toBe(200);
    expect((await nthMail(who.email, noticeSubject, 2)).body.text).toContain('One of your recovery codes was used');
  });
});

describe('"This was not me"', () => {
  const heldSubject = 'A second factor of your Family Canvas account is on hold';

  /** Uses the reset link the report sent, then signs in with the new password from a fresh browser. */
  async function resetAndSignIn(email: string, plainPassword: string) {
    const resetMail = await nthMail(email, 'Reset your Family Canvas password', 1);
    expect((await resetPasswordWith(email, linkParameter(resetMail.body.text, '/reset-password', 'token'), plainPassword)).status).toBe(200);
    const client = stack.client();
    return { client, signin: await signIn(client, email, plainPassword) };
  }

  it('ends every session and live socket at once, but a factor it reports is removed only after the announced 24-hour wait', async () => {
    const { owner: who } = await familyWithCanvas(stack, 'Not Me Family');
    // The owner turns the app on; someone who only reads the mailbox reports it.
    await enableTotp(who.client);
    const ownersSocket = await openSocket(who.client);
    const token = linkParameter((await nthMail(who.email, noticeSubject, 1)).body.text, '/not-me', 'token');

    const reported = await stack.client().call<'reportNotMe', NotMeResponse>('reportNotMe', { body: { token } });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body.email).toBe(who.email);
    expect(new Date(reported.body.factorRemovalAt!).getTime() - now().getTime()).toBeGreaterThanOrEqual(24 * durations.hour - durations.minute);
    expect(await ownersSocket.waitFor((message) => message.type === 'closed', { timeoutMs: 5000 })).toEqual({ type: 'closed', reason: 'signedOut' });
    await ownersSocket.closed;
    expect((await who.client.call('getProfile')).status).toBe(401);
    // The known password no longer signs in; the link works once.
    expectError(await signIn(stack.client(), who.email, who.plainPassword), 12);
    expectError(await stack.client().call('reportNotMe', { body: { token } }), 20);

    // The hold is announced with the link that finishes it and the one that cancels it.
    const held = await nthMail(who.email, heldSubject, 1);
    expect(held.body.text).toContain('the authenticator app can no longer be used to sign in');
    expect(linkParameter(held.body.text, '/recover-access/cancel', 'token')).toMatch(/\S{20,}/);
    const finish = { email: who.email, token: linkParameter(held.body.text, '/recover-access', 'token') };

    // The mailbox alone does not turn two-factor off: after the reset the password still asks for the factor.
    const { signin } = await resetAndSignIn(who.email, 'Fresh-Start9');
    expect(signin.body).toMatchObject({ mfaRequired: true });
    expectError(await stack.client().call('completeFactorRecovery', { body: finish }), 98);
    advanceClock(23 * durations.hour);
    expectError(await stack.client().call('completeFactorRecovery', { body: finish }), 98);
    expect((await signIn(stack.client(), who.email, 'Fresh-Start9')).body).toMatchObject({ mfaRequired: true });

    advanceClock(durations.hour + durations.minute);
    const done = await stack.client().call<'completeFactorRecovery', FactorRecoveryState>('completeFactorRecovery', { body: finish });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await signIn(stack.client(), who.email, 'Fresh-Start9');
    expect(after.status).toBe(200);
    expect(after.body).not.toHaveProperty('mfaRequired');
    expect((await mailsWithSubject(who.email, noticeSubject)).map((mail) => mail.body.text).join('\n')).toContain(
      'reported with "This was not me" was removed',
    );
  });

  it('is cancelled by the link in its announcement: the factor works again and nothing is removed', async () => {
    const who = await signUpAndConfirm(stack);
    const { secret } = await enableTotp(who.client);
    const token = linkParameter((await nthMail(who.email, noticeSubject, 1)).body.text, '/not-me', 'token');
    expect((await stack.client().call('reportNotMe', { body: { token } })).status).toBe(200);
    const held = await nthMail(who.email, heldSubject, 1);
    const finish = { email: who.email, token: linkParameter(held.body.text, '/recover-access', 'token') };

    // While held, the app's codes do not complete a sign-in.
    const { client, signin } = await resetAndSignIn(who.email, 'Fresh-Start9');
    expect(signin.body).toMatchObject({ mfaRequired: true });
    toStartOfNextStep();
    expectError(await client.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } }), 90);

    expect(
      (await stack.client().call('cancelFactorRecovery', { body: { token: linkParameter(held.body.text, '/recover-access/cancel', 'token') } })).status,
    ).toBe(204);
    advanceClock(25 * durations.hour);
    expectError(await stack.client().call('completeFactorRecovery', { body: finish }), 20);
    const again = stack.client();
    expect((await signIn(again, who.email, 'Fresh-Start9')).body).toMatchObject({ mfaRequired: true });
    expect((await again.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } })).status).toBe(200);
  });

  it("holds a passkey a stolen session added: it cannot sign in, and the owner's own sign-in with a factor does not give it back", async () => {
    const who = await signUpAndConfirm(stack);
    const thief = await otherSession(who);
    const { secret } = await enableTotp(who.client);
    const thiefsKey = new SoftAuthenticator({ origin: integrationOrigin });
    expect((await registerPasskey(thief, thiefsKey, 'Not mine')).status).toBe(201);
    const token = linkParameter((await nthMail(who.email, noticeSubject, 2)).body.text, '/not-me', 'token');
    expect((await stack.client().call('reportNotMe', { body: { token } })).status).toBe(200);
    expectError(await thief.call('getProfile'), 7);
    const held = await nthMail(who.email, heldSubject, 1);
    expect(held.body.text).toContain('the passkey named "Not mine" can no longer be used');

    const passkeySignin = async () => {
      const browser = stack.client();
      const options = (await browser.call<'authenticationOptions', Parameters<SoftAuthenticator['authenticate']>[0]>('authenticationOptions')).body;
      return browser.call('signInWithPasskey', { body: { response: thiefsKey.authenticate(options) } });
    };
    expectError(await passkeySignin(), 95);
    // The owner signs in with the app: the thief's passkey stays held.
    const { client } = await resetAndSignIn(who.email, 'Fresh-Start9');
    toStartOfNextStep();
    expect((await client.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } })).status).toBe(200);
    expectError(await passkeySignin(), 95);

    advanceClock(24 * durations.hour + durations.minute);
    const finish = { email: who.email, token: linkParameter(held.body.text, '/recover-access', 'token') };
    expect((await stack.client().call('completeFactorRecovery', { body: finish })).status).toBe(200);
    // Only the reported passkey went: the app still guards the account.
    expect((await signIn(stack.client(), who.email, 'Fresh-Start9')).body).toEqual({ mfaRequired: true, methods: expect.not.arrayContaining(['passkey']) });
    expectError(await passkeySignin(), 95);
  });

  it('joins a recovery already waiting: the factor is held at once and goes with that recovery', async () => {
    const who = await signUpAndConfirm(stack);
    const { secret } = await enableTotp(who.client);
    const token = linkParameter((await nthMail(who.email, noticeSubject, 1)).body.text, '/not-me', 'token');
    const browser = stack.client();
    expect((await signIn(browser, who.email, who.plainPassword)).body).toMatchObject({ mfaRequired: true });
    expect((await browser.call('requestFactorRecovery', { body: { email: who.email } })).status).toBe(200);
    const recovery = {
      email: who.email,
      token: linkParameter((await nthMail(who.email, 'Recover access to your Family Canvas account', 1)).body.text, '/recover-access', 'token'),
    };
    const started = await browser.call<'startFactorRecovery', FactorRecoveryState>('startFactorRecovery', { body: recovery });

    const reported = await stack.client().call<'reportNotMe', NotMeResponse>('reportNotMe', { body: { token } });
    expect(reported.body.factorRemovalAt).toBe(started.body.readyAt);
    const held = await nthMail(who.email, heldSubject, 1);
    expect(held.body.text).toContain('A recovery of your account is already waiting');
    expect(held.body.text).not.toMatch(/\/recover-access\?/);
    const { client } = await resetAndSignIn(who.email, 'Fresh-Start9');
    toStartOfNextStep();
    expectError(await client.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } }), 90);

    advanceClock(24 * durations.hour + durations.minute);
    expect((await stack.client().call('completeFactorRecovery', { body: recovery })).status).toBe(200);
    expect((await signIn(stack.client(), who.email, 'Fresh-Start9')).body).not.toHaveProperty('mfaRequired');
  });

  it('refuses a forged or expired link (it lives 3 days) and changes nothing', async () => {
    const who = await signUpAndConfirm(stack);
    await enableTotp(who.client);
    const token = linkParameter((await nthMail(who.email, noticeSubject, 1)).body.text, '/not-me', 'token');
    expectError(await stack.client().call('reportNotMe', { body: { token: `${token}x` } }), 20);
    advanceClock(3 * durations.day + durations.minute);
    expectError(await stack.client().call('reportNotMe', { body: { token } }), 21);
    resetClock();
    expect((await signIn(stack.client(), who.email, who.plainPassword)).body).toMatchObject({ mfaRequired: true });
  });
});

describe('passkeys and recovery codes', () => {
  it('hands out recovery codes with the first passkey only, and they complete the password sign-in', async () => {
    const who = await signUpAndConfirm(stack);
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    const first = await registerPasskey(who.client, authenticator, 'Phone');
    expect(first.status).toBe(201);
    expect(first.body.recoveryCodes).toHaveLength(10);
    const second = await registerPasskey(who.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Tablet');
    expect(second.status).toBe(201);
    expect(second.body.recoveryCodes).toBeUndefined();
    expect((await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus')).body).toMatchObject({
      recoveryCodesLeft: 10,
      passkeyCount: 2,
      totpEnabled: false,
    });

    // The password alone no longer signs in: a passkey or a recovery code is the second step.
    const client = stack.client();
    expect((await signIn(client, who.email, who.plainPassword)).body).toEqual({ mfaRequired: true, methods: ['recoveryCode', 'passkey'] });
    expect((await client.call('signInMfa', { body: { email: who.email, recoveryCode: first.body.recoveryCodes![0] } })).status).toBe(200);
    const again = stack.client();
    await signIn(again, who.email, who.plainPassword);
    expectError(await again.call('signInMfa', { body: { email: who.email, recoveryCode: first.body.recoveryCodes![0] } }), 90);
  });

  it('keeps the codes while a passkey stays when TOTP goes, and drops them with the last factor', async () => {
    const who = await signUpAndConfirm(stack);
    const passkey = await registerPasskey(who.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Phone');
    const { secret } = await enableTotp(who.client);
    toStartOfNextStep();
    expect((await who.client.call('disableTotp', { body: { code: totpCodeAt(secret) } })).status).toBe(204);
    expect((await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus')).body.recoveryCodesLeft).toBe(10);
    expect((await who.client.call('removePasskey', { params: { id: passkey.body.id } })).status).toBe(204);
    expect((await who.client.call<'getTwoFactorStatus', TwoFactorStatus>('getTwoFactorStatus')).body).toMatchObject({
      recoveryCodesLeft: 0,
      hasSecondFactor: false,
    });
  });
});

describe('recovery through the mailbox after losing every factor', () => {
  const recoverySubject = 'Recover access to your Family Canvas account';
  const startedSubject = 'A recovery of your Family Canvas account started';

  async function lostFactors() {
    const who = await signUpAndConfirm(stack);
    const { secret } = await enableTotp(who.client);
    await registerPasskey(who.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Lost phone');
    const client = stack.client({ userAgent: chrome });
    expect((await signIn(client, who.email, who.plainPassword)).body).toMatchObject({ mfaRequired: true });
    expect((await client.call('requestFactorRecovery', { body: { email: who.email } })).status).toBe(200);
    const token = linkParameter((await nthMail(who.email, recoverySubject, 1)).body.text, '/recover-access', 'token');
    return { who, secret, client, link: { email: who.email, token } };
  }

  it('removes the factors only after 24 hours announced by mail; then the password alone signs in', async () => {
    const { who, client, link } = await lostFactors();
    expect((await client.call<'factorRecoveryStatus', FactorRecoveryState>('factorRecoveryStatus', { body: link })).body).toEqual({
      state: 'notStarted',
      readyAt: null,
    });
    const started = await client.call<'startFactorRecovery', FactorRecoveryState>('startFactorRecovery', { body: link });
    expect(started.body.state).toBe('waiting');
    expect(new Date(started.body.readyAt!).getTime() - now().getTime()).toBeGreaterThanOrEqual(24 * durations.hour - durations.minute);
    const announced = await nthMail(who.email, startedSubject, 1);
    expect(announced.body.text).toContain('Chrome on Mac OS');
    expect(linkParameter(announced.body.text, '/recover-access/cancel', 'token')).toMatch(/\S{20,}/);
    // Nobody gets in by the mailbox at once.
    const early = expectError(await client.call('completeFactorRecovery', { body: link }), 98);
    expect((early as { details?: unknown }).details).toEqual({ readyAt: started.body.readyAt });
    advanceClock(23 * durations.hour);
    expectError(await client.call('completeFactorRecovery', { body: link }), 98);
    expect((await signIn(stack.client(), who.email, who.plainPassword)).body).toMatchObject({ mfaRequired: true });

    advanceClock(durations.hour + durations.minute);
    expect((await client.call<'factorRecoveryStatus', FactorRecoveryState>('factorRecoveryStatus', { body: link })).body.state).toBe('ready');
    const done = await client.call<'completeFactorRecovery', FactorRecoveryState>('completeFactorRecovery', { body: link });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.state).toBe('done');
    const signin = await signIn(stack.client(), who.email, who.plainPassword);
    expect(signin.status).toBe(200);
    expect(signin.body).not.toHaveProperty('mfaRequired');
    expect((await nthMail(who.email, noticeSubject, 3)).body.text).toContain('removed by an e-mail recovery');
    // The link is used up.
    expectError(await client.call('completeFactorRecovery', { body: link }), 20);
  });

  it('is cancelled by the link in the announcement, and by a sign-in with a factor', async () => {
    const { who, secret, client, link } = await lostFactors();
    await client.call('startFactorRecovery', { body: link });
    const cancelToken = linkParameter((await nthMail(who.email, startedSubject, 1)).body.text, '/recover-access/cancel', 'token');
    expect((await stack.client().call('cancelFactorRecovery', { body: { token: cancelToken } })).status).toBe(204);
    advanceClock(25 * durations.hour);
    expectError(await client.call('completeFactorRecovery', { body: link }), 20);

    // A second request (the clock stays ahead: a TOTP code is accepted once per step); this time the owner signs in with the app during the wait.
    expect((await client.call('requestFactorRecovery', { body: { email: who.email } })).status).toBe(200);
    const second = { email: who.email, token: linkParameter((await nthMail(who.email, recoverySubject, 2)).body.text, '/recover-access', 'token') };
    expect((await client.call<'startFactorRecovery', FactorRecoveryState>('startFactorRecovery', { body: second })).body.state).toBe('waiting');
    const owner = stack.client();
    await signIn(owner, who.email, who.plainPassword);
    toStartOfNextStep();
    expect((await owner.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } })).status).toBe(200);
    advanceClock(25 * durations.hour);
    expectError(await client.call('completeFactorRecovery', { body: second }), 20);
    expect((await signIn(stack.client(), who.email, who.plainPassword)).body).toMatchObject({ mfaRequired: true });
  });

  it('sends nothing for an unknown address or an account without a second factor, and a reset alone still asks for the factor', async () => {
    const plain = await signUpAndConfirm(stack);
    const anonymous = stack.client();
    expect((await anonymous.call('requestFactorRecovery', { body: { email: plain.email } })).body).toEqual({ email: plain.email });
    expect((await anonymous.call('requestFactorRecovery', { body: { email: 'nobody-here@example.com' } })).body).toEqual({
      email: 'nobody-here@example.com',
    });
    expect(await mailsWithSubject(plain.email, recoverySubject)).toHaveLength(0);

    const who = await signUpAndConfirm(stack);
    await enableTotp(who.client);
    expect((await anonymous.call('sendReset', { body: { email: who.email } })).status).toBe(200);
    const resetMail = await nthMail(who.email, 'Reset your Family Canvas password', 1);
    expect((await resetPasswordWith(who.email, linkParameter(resetMail.body.text, '/reset-password', 'token'), 'After-Reset5')).status).toBe(200);
    expect((await signIn(stack.client(), who.email, 'After-Reset5')).body).toMatchObject({ mfaRequired: true });
  });
});
