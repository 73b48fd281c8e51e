import { afterEach, describe, expect, it } from 'vitest';
import type { TotpEnableResponse, TotpSetupResponse } from '../../shared/contracts/mfa';
import { advanceClock, durations, now, resetClock } from '../../functions/lib/clock';
import { getLogin } from '../../functions/records/users';
import { signinThrottle } from '../../functions/records/signin-throttle';
import { mailLimits } from '../../functions/lib/limits/mail';
import { pendingSigninMaxWrongCodes } from '../../functions/records/pending-signins';
import { totpCodeAt } from '../../functions/lib/totp';
import { hashPassword, linkParameter, newSalt, signIn, signUpAndConfirm, signupBody, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { addPasskey, integrationOrigin, passkeyAssertion, SoftAuthenticator } from '../support/passkeys';

/**
 * Signing in belongs to its owner: the second step only in the browser that passed the
 * password, nobody locked out by someone else's guesses (device cookies), sign-up mail
 * within the mail limits, and only the newest reset link working.
 */

const stack = useIntegrationStack();
afterEach(() => resetClock());

const codeOf = (response: { body: unknown }) => (response.body as { errorCode?: number }).errorCode;

/** Moves the clock to 1 s into the next 30-second step, so a test's codes do not straddle a step. */
function toStartOfNextStep(): void {
  const ms = now().getTime();
  advanceClock(30_000 - (ms % 30_000) + 1_000);
}

async function passwordStep(client: ApiClient, who: { email: string; plainPassword: string }) {
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
  return client.call<'signIn', Record<string, unknown>>('signIn', { body: { email: who.email, password: hashPassword(who.plainPassword, body.salt) } });
}

async function withTotp(who: TestAccount): Promise<string> {
  const setup = await who.client.call<'setupTotp', TotpSetupResponse>('setupTotp');
  expect(setup.status).toBe(200);
  toStartOfNextStep();
  const enabled = await who.client.call<'enableTotp', TotpEnableResponse>('enableTotp', { body: { code: totpCodeAt(setup.body.secret) } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return setup.body.secret;
}

const setCookieNamed = (cookies: string[], name: string) => cookies.find((cookie) => cookie.startsWith(`${name}=`));

describe('1. the second sign-in step belongs to the browser that passed the password', () => {
  it('sets a 5-minute HttpOnly SameSite=Strict cookie; another browser with the right code is refused (89); the right browser signs in and the cookie is cleared and spent', async () => {
    const who = await signUpAndConfirm(stack);
    const secret = await withTotp(who);
    const browser = stack.client();
    const first = await passwordStep(browser, who);
    expect(first.body).toEqual({ mfaRequired: true, methods: ['totp', 'recoveryCode'] });
    const pendingCookie = setCookieNamed(first.cookies, 'fc_signin');
    expect(pendingCookie).toMatch(/; HttpOnly/);
    expect(pendingCookie).toMatch(/; SameSite=Strict/);
    expect(pendingCookie).toMatch(/; Max-Age=300/);
    const heldCookie = browser.cookieHeader();

    toStartOfNextStep();
    const code = totpCodeAt(secret);
    // Someone with the right code (shoulder-surfed, phished) but not this browser's cookie.
    expectError(await stack.client({ sourceAddress: '127.0.0.61' }).call('signInMfa', { body: { email: who.email, code } }), 89);
    // A browser that passed the password of another account cannot use it for this one.
    const other = await signUpAndConfirm(stack);
    await withTotp(other);
    const otherBrowser = stack.client();
    expect((await passwordStep(otherBrowser, other)).body).toMatchObject({ mfaRequired: true });
    expectError(await otherBrowser.call('signInMfa', { body: { email: who.email, code } }), 89);
    // The code was not spent by the refusals: the right browser signs in with it.
    const second = await browser.call<'signInMfa', { id: string }>('signInMfa', { body: { email: who.email, code } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.id).toBe(who.userId);
    expect(setCookieNamed(second.cookies, 'fc_signin')).toMatch(/Max-Age=0/);
    expect(browser.cookieHeader()).not.toContain('fc_signin=');
    // The nonce is used up: replayed, it names no pending sign-in any more.
    const replay = await stack
      .client()
      .call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret, new Date(now().getTime() + 30_000)) }, headers: { cookie: heldCookie } });
    expectError(replay, 91);
  });

  it('ends a pending sign-in after 5 wrong codes even once the throttle lets the browser try again: the password step is due again', async () => {
    const who = await signUpAndConfirm(stack);
    const secret = await withTotp(who);
    const browser = stack.client({ sourceAddress: '127.0.0.62' });
    await passwordStep(browser, who);
    const wrong = totpCodeAt(secret, new Date(now().getTime() + 120_000));
    for (let attempt = 0; attempt < pendingSigninMaxWrongCodes; attempt += 1)
      expectError(await browser.call('signInMfa', { body: { email: who.email, code: wrong } }), 90);
    // Past the throttle's wait (the 5th failure's) and well within the pending sign-in's 5 minutes.
    advanceClock((signinThrottle.firstDelaySeconds + 5) * 1000);
    toStartOfNextStep();
    expectError(await browser.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } }), 91);
    // With the password again, the right code signs in.
    expect((await passwordStep(browser, who)).body).toMatchObject({ mfaRequired: true });
    expect((await browser.call('signInMfa', { body: { email: who.email, code: totpCodeAt(secret) } })).status).toBe(200);
  });

  it('the passkey as second step needs the cookie too, honours "keep me signed in" and clears the cookie; a passkey sign-in of its own is unchanged', async () => {
    const who = await signUpAndConfirm(stack);
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    await addPasskey(who.client, authenticator);
    const browser = stack.client();
    const { body: salt } = await browser.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
    const step = await browser.call('signIn', { body: { email: who.email, password: hashPassword(who.plainPassword, salt.salt), remember: true } });
    expect(step.body).toEqual({ mfaRequired: true, methods: ['recoveryCode', 'passkey'] });
    // Another browser's passkey answer as a second step: no pending sign-in there.
    const elsewhere = stack.client();
    expectError(await elsewhere.call('signInWithPasskey', { body: { response: await passkeyAssertion(elsewhere, authenticator), secondStep: true } }), 89);
    const done = await browser.call<'signInWithPasskey', { id: string }>('signInWithPasskey', {
      body: { response: await passkeyAssertion(browser, authenticator), secondStep: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.id).toBe(who.userId);
    expect(setCookieNamed(done.cookies, 'fc_signin')).toMatch(/Max-Age=0/);
    // "Keep me signed in" from the password step: the session lives 30 days, not 12 hours.
    const session = setCookieNamed(done.cookies, 'fc_session');
    expect(Number(/Max-Age=(\d+)/.exec(session ?? '')?.[1])).toBe(30 * 24 * 3600);
    // The passkey alone (both factors) still signs in anywhere, without any password step.
    const alone = stack.client();
    expect((await alone.call('signInWithPasskey', { body: { response: await passkeyAssertion(alone, authenticator) } })).status).toBe(200);
  });
});

describe("2. nobody is locked out by someone else's guesses", () => {
  /** 100 wrong passwords: 5 from each of 20 client addresses (127.0.0.2 … 127.0.0.21). */
  async function attack(email: string): Promise<number[]> {
    const { body } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email } });
    const wrong = { email, password: hashPassword('Wrong-Guess1', body.salt) };
    const codes: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const attacker = stack.client({ sourceAddress: `127.0.0.${index + 2}` });
      for (let attempt = 0; attempt < 5; attempt += 1) codes.push(codeOf(await attacker.call('signIn', { body: wrong })) ?? 0);
    }
    return codes;
  }

  it("after 100 wrong passwords from 20 addresses the owner's known browser signs in at once, a new browser within 15 minutes", async () => {
    const owner = await signUpAndConfirm(stack);
    // The sign-in of signUpAndConfirm left a device cookie in the owner's browser.
    expect(owner.client.cookieHeader()).toMatch(/fc_device=/);
    const codes = await attack(owner.email);
    expect(codes).toHaveLength(100);
    expect(codes.every((code) => code === 12 || code === 80)).toBe(true);
    // The guesses were held back: after the shared budget only refusals, without a check.
    expect(codes.filter((code) => code === 12)).toHaveLength(signinThrottle.unknownClients.freeFailures);

    const known = await signIn(owner.client, owner.email, owner.plainPassword);
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    // A new browser (no device cookie) shares the budget the attack used up: it waits …
    expectError(await signIn(stack.client(), owner.email, owner.plainPassword), 80);
    // … at most the documented delay after the last counted failure.
    advanceClock(signinThrottle.unknownClients.maxDelaySeconds * 1000);
    expect(signinThrottle.unknownClients.maxDelaySeconds).toBe(15 * 60);
    expect((await signIn(stack.client(), owner.email, owner.plainPassword)).status).toBe(200);
  });

  it('a device cookie counts only for its own account, and a forged one for nobody', async () => {
    const owner = await signUpAndConfirm(stack);
    const stranger = await signUpAndConfirm(stack);
    await attack(owner.email);
    // The stranger's browser holds a valid device cookie, of another account: an unknown client here.
    expectError(await signIn(stranger.client, owner.email, owner.plainPassword), 80);
    // The owner's cookie with its signature altered is no device cookie.
    const forged = owner.client
      .cookieHeader()
      .replace(/fc_device=([^;]*)/, (_all, value: string) => `fc_device=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`);
    const forgedSignIn = await stack.client().call('getSalt', { body: { email: owner.email } });
    const salt = (forgedSignIn.body as { salt: string }).salt;
    expectError(
      await stack.client().call('signIn', { body: { email: owner.email, password: hashPassword(owner.plainPassword, salt) }, headers: { cookie: forged } }),
      80,
    );
    expect((await signIn(owner.client, owner.email, owner.plainPassword)).status).toBe(200);
  });

  it("wrong codes from 20 addresses by someone who knows the password do not hold up the owner's known browser, and the right password buys no fresh guesses", async () => {
    const owner = await signUpAndConfirm(stack);
    const secret = await withTotp(owner);
    // The owner's known browser passes both steps once, so it holds a device cookie of this account.
    const known = stack.client();
    await passwordStep(known, owner);
    toStartOfNextStep();
    expect((await known.call('signInMfa', { body: { email: owner.email, code: totpCodeAt(secret) } })).status).toBe(200);
    const wrong = totpCodeAt(secret, new Date(now().getTime() + 180_000));
    const codes: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const attacker = stack.client({ sourceAddress: `127.0.0.${index + 2}` });
      const step = await passwordStep(attacker, owner);
      if (step.status !== 200) {
        codes.push(codeOf(step) ?? 0);
        continue;
      }
      for (let attempt = 0; attempt < 5; attempt += 1) codes.push(codeOf(await attacker.call('signInMfa', { body: { email: owner.email, code: wrong } })) ?? 0);
    }
    expect(codes.every((code) => code === 90 || code === 80)).toBe(true);
    // The right password did not clear the shared count: no more wrong codes were checked than its allowance.
    expect(codes.filter((code) => code === 90)).toHaveLength(signinThrottle.unknownClients.freeFailures);
    toStartOfNextStep();
    expect((await passwordStep(known, owner)).body).toMatchObject({ mfaRequired: true });
    expect((await known.call('signInMfa', { body: { email: owner.email, code: totpCodeAt(secret) } })).status).toBe(200);
  });
});

describe('3. sign-up mails within the mail limits', () => {
  it('counts the confirmation mail per client address: beyond the limit 80, nothing stored, nothing sent; another client is not affected', async () => {
    const client = stack.client({ sourceAddress: '127.0.0.71' });
    for (let index = 0; index < mailLimits.perClient.max; index += 1) {
      const response = await client.call('signUp', { body: signupBody() });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    const refused = signupBody();
    expectError(await client.call('signUp', { body: refused }), 80);
    expect(await getLogin(refused.email)).toBeUndefined();
    expectError(await signIn(stack.client(), refused.email, 'Sunny-Day42'), 12);
    expect(await stack.emailsTo(refused.email)).toHaveLength(0);
    expect((await stack.client({ sourceAddress: '127.0.0.72' }).call('signUp', { body: refused })).status).toBe(201);
    expect((await stack.latestEmailTo(refused.email)).subject).toContain('Confirm your e-mail');
  });

  it('counts it per recipient: an address whose confirmation allowance is used up gets no signup (80), nothing stored', async () => {
    const body = signupBody();
    // Asking for confirmation links of an address not yet signed up uses its allowance (the answer is the same as for an account).
    const asker = stack.client({ sourceAddress: '127.0.0.73' });
    for (let round = 0; round < mailLimits.perRecipient.max; round += 1)
      expect((await asker.call('resendConfirmationLink', { body: { email: body.email } })).status).toBe(200);
    expectError(await stack.client({ sourceAddress: '127.0.0.74' }).call('signUp', { body }), 80);
    expect(await getLogin(body.email)).toBeUndefined();
    expect(await stack.emailsTo(body.email)).toHaveLength(0);
    advanceClock(durations.hour);
    expect((await stack.client({ sourceAddress: '127.0.0.74' }).call('signUp', { body })).status).toBe(201);
  });
});

describe('4. only the newest reset link works, and a used-up allowance keeps it working', () => {
  const resetMails = async (email: string) => (await stack.emailsTo(email)).filter((mail) => mail.subject.includes('Reset your'));

  async function resetTokenNumber(email: string, count: number): Promise<string> {
    const mails = await stack.waitForEmails(email, count, { subject: /Reset your/ });
    return linkParameter(mails[count - 1]?.body.text, '/reset-password', 'token');
  }

  const check = (email: string, token: string) => stack.client().call('checkReset', { body: { email, token } });
  const reset = (email: string, token: string) => {
    const salt = newSalt();
    return stack.client().call('resetPassword', { body: { email, token, password: hashPassword('Fresh-Secret8', salt), salt } });
  };

  it('a newer link kills the older ones', async () => {
    const account = await signUpAndConfirm(stack);
    const client = stack.client({ sourceAddress: '127.0.0.81' });
    await client.call('sendReset', { body: { email: account.email } });
    const first = await resetTokenNumber(account.email, 1);
    expect((await check(account.email, first)).status).toBe(204);
    await client.call('sendReset', { body: { email: account.email } });
    const second = await resetTokenNumber(account.email, 2);
    expectError(await check(account.email, first), 20);
    expectError(await reset(account.email, first), 20);
    expect((await reset(account.email, second)).status).toBe(200);
    expect((await signIn(stack.client(), account.email, 'Fresh-Secret8')).status).toBe(200);
  });

  it("a third party that uses up the address's reset allowance cannot keep its owner from resetting: the newest link keeps working", async () => {
    const account = await signUpAndConfirm(stack);
    for (let round = 0; round < mailLimits.perRecipient.max; round += 1) {
      expect((await stack.client({ sourceAddress: `127.0.0.${90 + round}` }).call('sendReset', { body: { email: account.email } })).status).toBe(200);
    }
    // The owner asks too: the usual answer, but no new link that would kill the newest one.
    expect((await stack.client({ sourceAddress: '127.0.0.99' }).call('sendReset', { body: { email: account.email } })).status).toBe(200);
    const newest = await resetTokenNumber(account.email, mailLimits.perRecipient.max);
    expect(await resetMails(account.email)).toHaveLength(mailLimits.perRecipient.max);
    expect((await reset(account.email, newest)).status).toBe(200);
    expect((await signIn(stack.client(), account.email, 'Fresh-Secret8')).status).toBe(200);
  });
});
