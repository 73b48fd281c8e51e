import { afterEach, describe, expect, it } from 'vitest';
import type { FactorRecoveryState } from '../../shared/contracts/auth';
import { advanceClock, resetClock } from '../../functions/lib/clock';
import { signinThrottle } from '../../functions/records/signin-throttle';
import { mailLimits } from '../../functions/lib/limits/mail';
import { hashPassword, linkParameter, newSalt, signIn, signUpAndConfirm, signupBody } from '../support/accounts';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { expectError } from '../support/canvas';
import { addPasskey, integrationOrigin, signInWithPasskey, SoftAuthenticator } from '../support/passkeys';
import { snapshotTable } from '../support/table';

/**
 * What a stranger cannot do to someone else's account through the public routes: put their
 * own text into a mail to another person's address, use up the owner's reset and recovery
 * mails, keep the owner's new browser out by guessing, or make the server store a challenge
 * per call.
 */

const stack = useIntegrationStack();
afterEach(() => resetClock());

describe('the sign-up confirmation mail carries no text the sign-up typed', () => {
  it('greets without the name in both parts, so a stranger signing up with your address cannot write to you', async () => {
    const lure = 'Win at evil.example/prize';
    const body = signupBody({ firstName: lure, lastName: 'Call Zxqvbn' });
    expect((await stack.client().call('signUp', { body })).status).toBe(201);
    const [mail] = await stack.waitForEmails(body.email, 1, { subject: /Confirm your e-mail/ });
    for (const part of [mail!.body.text ?? '', mail!.body.html ?? '']) {
      expect(part).toContain('/email-confirmation?token=');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Zxqvbn');
    }
    expect(mail!.body.text).toMatch(/^Hello,\n/);
    // Nor does a reset mail while the address is unconfirmed.
    expect((await stack.client().call('sendReset', { body: { email: body.email } })).status).toBe(200);
    const [reset] = await stack.waitForEmails(body.email, 1, { subject: /Reset your/ });
    for (const part of [reset!.body.text ?? '', reset!.body.html ?? '']) expect(part).not.toContain('evil.example');
  });
});

describe("a stranger cannot use up the owner's reset and recovery mails", () => {
  const resetSubject = 'Reset your Family Canvas password';
  const recoverySubject = 'Recover access to your Family Canvas account';

  it('answers the owner as always once strangers used the address up, sends no more, and the newest link in the mailbox works', async () => {
    const who = await signUpAndConfirm(stack);
    // Strangers from several addresses, each under its own client limit.
    for (let round = 0; round < mailLimits.perRecipient.max; round += 1)
      expect((await stack.client({ sourceAddress: `127.0.7.${round + 1}` }).call('sendReset', { body: { email: who.email } })).status).toBe(200);
    const mails = await stack.waitForEmails(who.email, mailLimits.perRecipient.max, { subject: resetSubject });

    const owner = stack.client({ sourceAddress: '127.0.7.99' });
    const asked = await owner.call('sendReset', { body: { email: who.email } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toEqual({ email: who.email });
    // The inbox is not flooded further; the newest mail already holds a working link.
    expect((await stack.emailsTo(who.email)).filter((mail) => mail.subject === resetSubject)).toHaveLength(mailLimits.perRecipient.max);
    const salt = newSalt();
    const token = linkParameter(mails.at(-1)!.body.text, '/reset-password', 'token');
    expect((await owner.call('resetPassword', { body: { email: who.email, token, password: hashPassword('Owner-Again4', salt), salt } })).status).toBe(200);
    expect((await signIn(stack.client(), who.email, 'Owner-Again4')).status).toBe(200);
    // With that link used, the address holds no working link: a new request mails one, limit or not.
    expect((await owner.call('sendReset', { body: { email: who.email } })).status).toBe(200);
    await stack.waitForEmails(who.email, mailLimits.perRecipient.max + 1, { subject: resetSubject });
  });

  it('the same for the recovery of lost factors', async () => {
    const who = await signUpAndConfirm(stack);
    await addPasskey(who.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Lost phone');
    for (let round = 0; round < mailLimits.perRecipient.max; round += 1)
      expect((await stack.client({ sourceAddress: `127.0.8.${round + 1}` }).call('requestFactorRecovery', { body: { email: who.email } })).status).toBe(200);
    const mails = await stack.waitForEmails(who.email, mailLimits.perRecipient.max, { subject: recoverySubject });

    const owner = stack.client({ sourceAddress: '127.0.8.99' });
    const asked = await owner.call('requestFactorRecovery', { body: { email: who.email } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await stack.emailsTo(who.email)).filter((mail) => mail.subject === recoverySubject)).toHaveLength(mailLimits.perRecipient.max);
    const link = { email: who.email, token: linkParameter(mails.at(-1)!.body.text, '/recover-access', 'token') };
    expect((await owner.call<'startFactorRecovery', FactorRecoveryState>('startFactorRecovery', { body: link })).body.state).toBe('waiting');
  });
});

describe('the public passkey options store nothing per call', () => {
  const challenges = async () => (await snapshotTable(stack.dynamoEndpoint, stack.tableName)).filter((item) => item.includes('PASSKEY_CHALLENGE#'));

  it('answers fresh challenges to many calls from many clients without storing one; a passkey still signs in once per challenge', async () => {
    const who = await signUpAndConfirm(stack);
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    await addPasskey(who.client, authenticator, 'Phone');
    const before = await challenges();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        stack.client({ sourceAddress: `127.0.9.${(index % 10) + 1}` }).call<'authenticationOptions', { challenge: string }>('authenticationOptions'),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.challenge)).size).toBe(30);
    expect(await challenges()).toEqual(before);

    // Sign-in works, and its answer cannot be sent twice.
    const browser = stack.client();
    const options = (await browser.call<'authenticationOptions', Parameters<SoftAuthenticator['authenticate']>[0]>('authenticationOptions')).body;
    const assertion = authenticator.authenticate(options);
    expect((await browser.call('signInWithPasskey', { body: { response: assertion } })).status).toBe(200);
    expect((await stack.client().call<'signInWithPasskey', { errorCode: number }>('signInWithPasskey', { body: { response: assertion } })).body.errorCode).toBe(
      95,
    );
    expect((await signInWithPasskey(stack.client(), authenticator)).status).toBe(200);
  });
});

describe("a stranger's guesses cannot keep the owner's new browser out", () => {
  /** Wrong passwords from fresh addresses, 5 each (under each address's own allowance). */
  async function guess(email: string, addresses: number, firstOctet: number): Promise<void> {
    const { body } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email } });
    for (let index = 0; index < addresses; index += 1) {
      const attacker = stack.client({ sourceAddress: `127.0.${firstOctet}.${index + 1}` });
      for (let attempt = 0; attempt < 5; attempt += 1) await attacker.call('signIn', { body: { email, password: hashPassword('Wrong-Guess1', body.salt) } });
    }
  }

  async function resetIn(browser: ApiClient, email: string, plainPassword: string, known: number) {
    expect((await browser.call('sendReset', { body: { email } })).status).toBe(200);
    const mails = await stack.waitForEmails(email, known + 1, { subject: 'Reset your Family Canvas password' });
    const salt = newSalt();
    const token = linkParameter(mails.at(-1)!.body.text, '/reset-password', 'token');
    return browser.call('resetPassword', { body: { email, token, password: hashPassword(plainPassword, salt), salt } });
  }

  it('the shared wait an attack renews keeps new browsers waiting, but a reset from the mailbox lets that browser in at once', async () => {
    const who = await signUpAndConfirm(stack);
    await guess(who.email, 4, 10);
    const newBrowser = stack.client({ sourceAddress: '127.0.11.1' });
    expectError(await signIn(newBrowser, who.email, who.plainPassword), 80);
    // The attacker renews the wait each time it ends.
    advanceClock(signinThrottle.unknownClients.maxDelaySeconds * 1000);
    await guess(who.email, 1, 12);
    expectError(await signIn(newBrowser, who.email, who.plainPassword), 80);

    // The mailbox proves the owner: the browser that resets the password counts on its own from then on.
    expect((await resetIn(newBrowser, who.email, 'Mine-Again5', 0)).status).toBe(200);
    expect((await signIn(newBrowser, who.email, 'Mine-Again5')).status).toBe(200);
    // Other unknown browsers still share the wait the attack keeps up.
    expectError(await signIn(stack.client({ sourceAddress: '127.0.11.2' }), who.email, 'Mine-Again5'), 80);
  });
});
