import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { resetConfigForTests } from '../../functions/lib/config';
import { resetMailerForTests } from '../../functions/domain/mail/mailer';
import { confirmationTokenFor, defaultPassword, newSalt, signIn, signUpAndConfirm, signupBody } from '../support/accounts';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { snapshotTable } from '../support/table';

const stack = useIntegrationStack();

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

afterEach(() => resetClock());

const snapshot = () => snapshotTable(stack.dynamoEndpoint, stack.tableName);
const itemsOfType = (items: string[], type: string) => items.filter((item) => item.includes(`"type":{"S":"${type}"}`));

describe('signup guards', () => {
  it('refuses an e-mail in use with 10 and stores nothing', async () => {
    const account = await signUpAndConfirm(stack);
    const before = await snapshot();
    const response = await stack
      .client()
      .call<'signUp', ErrorBody>('signUp', { body: signupBody({ email: account.email.toUpperCase(), createEntityName: 'Second Family' }) });
    expect(response.status).toBe(409);
    expect(response.body.errorCode).toBe(10);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown entity type with 11, not a generic validation error, and stores nothing', async () => {
    const before = await snapshot();
    const response = await stack.client().call<'signUp', ErrorBody>('signUp', { body: signupBody({ createEntityTypeId: 3 }) });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe(11);
    expect(response.body.errors).toEqual({ createEntityTypeId: ['forms.errorMessages.invalidInput'] });
    expect(await snapshot()).toEqual(before);
  });

  it('names the missing entity fields and bad hashes without an invitation', async () => {
    const { createEntityTypeId: _type, createEntityName: _name, ...rest } = signupBody();
    const response = await stack.client().call<'signUp', ErrorBody>('signUp', { looseBody: { ...rest, salt: 'c2hvcnQ=', firstName: 'Al', extra: 1 } });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe(2);
    expect(Object.keys(response.body.errors).sort()).toEqual(['createEntityName', 'createEntityTypeId', 'extra', 'firstName', 'salt']);
  });

  it('refuses unknown invitation tokens with 20 and stores nothing', async () => {
    const before = await snapshot();
    for (const field of ['memberInvitationToken', 'familyInvitationToken', 'advisorInvitationToken']) {
      const response = await stack.client().call<'signUp', ErrorBody>('signUp', { body: { ...signupBody(), [field]: 'some-token' } });
      expect(response.body.errorCode, field).toBe(20);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates exactly one account from five concurrent signups with one e-mail', async () => {
    const email = uniqueEmail('race');
    const before = await snapshot();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        stack.client().call<'signUp', ErrorBody>('signUp', { body: signupBody({ email, createEntityName: `Race Family ${i}` }) }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.errorCode === 10)).toBe(true);

    const added = (await snapshot()).filter((item) => !before.includes(item));
    expect(itemsOfType(added, 'User')).toHaveLength(1);
    expect(itemsOfType(added, 'Login')).toHaveLength(1);
    expect(itemsOfType(added, 'Entity')).toHaveLength(1);
    expect(itemsOfType(added, 'Member')).toHaveLength(1);
    expect(itemsOfType(added, 'Token')).toHaveLength(1);
    expect(itemsOfType(added, 'Entity')[0]).toContain('"ownerCount":{"N":"1"}');
    expect(await stack.emailsTo(email)).toHaveLength(1);
  });
});

describe('mail failure at signup', () => {
  it('answers 15 and keeps the account, which gets a new link after sign-in answers 14', async () => {
    const body = signupBody();
    const sesEndpoint = process.env.SES_ENDPOINT;
    const useSes = (endpoint: string | undefined) => {
      process.env.SES_ENDPOINT = endpoint;
      resetConfigForTests();
      resetMailerForTests();
    };
    useSes('http://127.0.0.1:9'); // nothing listens there
    try {
      const signup = await stack.client().call<'signUp', ErrorBody>('signUp', { body });
      expect(signup.body.errorCode).toBe(15);
    } finally {
      useSes(sesEndpoint);
    }
    const client = stack.client();
    expect((await signIn(client, body.email, defaultPassword)).status).toBe(403);
    expect((await client.call('resendConfirmationLink', { body: { email: body.email } })).status).toBe(200);
    const token = await confirmationTokenFor(stack, body.email);
    expect((await client.call('confirmEmail', { query: { token } })).status).toBe(200);
    expect((await signIn(client, body.email, defaultPassword)).status).toBe(200);
  });
});

describe('salts and credentials', () => {
  it('gives a stable decoy salt for an unknown e-mail and the real salt for a known one', async () => {
    const client = stack.client();
    const unknown = uniqueEmail('nobody');
    const first = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: unknown } });
    const second = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: unknown.toUpperCase() } });
    expect(first.status).toBe(200);
    expect(second.body.salt).toBe(first.body.salt);
    expect(Buffer.from(first.body.salt, 'base64')).toHaveLength(16);
    expect((await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: uniqueEmail('nobody') } })).body.salt).not.toBe(first.body.salt);

    const salt = newSalt();
    const body = signupBody({ salt });
    await client.call('signUp', { body });
    const real = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: body.email } });
    expect(real.body.salt).toBe(salt);
  });

  it('answers 12 for a wrong password and for an unknown e-mail alike', async () => {
    const account = await signUpAndConfirm(stack);
    const wrong = await signIn(stack.client(), account.email, 'Wrong-Pass1');
    const unknown = await signIn(stack.client(), uniqueEmail('nobody'), defaultPassword);
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ errorCode: 12, errors: {}, message: 'Your email or password are incorrect.' });
      expect(response.cookies).toEqual([]);
    }
  });

  it('stores neither the browser hash nor anything that equals it', async () => {
    const salt = newSalt();
    const body = signupBody({ salt });
    await stack.client().call('signUp', { body });
    const items = await snapshot();
    expect(items.some((item) => item.includes(body.password))).toBe(false);
    const login = itemsOfType(items, 'Login').find((item) => item.includes(body.email));
    expect(login).toContain('passwordHash');
    expect(itemsOfType(items, 'User').find((item) => item.includes(body.email))).not.toContain('passwordHash');
  });
});

describe('sign-in throttling', () => {
  it('makes the guessing client wait after 5 failures, 30 seconds doubling per failure, while another client signs in at once', async () => {
    const account = await signUpAndConfirm(stack);
    const guesser = stack.client();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await signIn(guesser, account.email, `Wrong-Pass${attempt}`);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await signIn(guesser, account.email, account.plainPassword);
    expect(locked.status).toBe(429);
    expect((locked.body as unknown as ErrorBody).errorCode).toBe(80);
    // The user on another client (another address) is not locked out.
    expect((await signIn(stack.client({ sourceAddress: '127.0.0.2' }), account.email, account.plainPassword)).status).toBe(200);

    // Margins of several seconds: real time passes too while a loaded machine answers.
    advanceClock(20 * 1000);
    expect((await signIn(guesser, account.email, account.plainPassword)).status).toBe(429);
    advanceClock(11 * 1000);
    // The sixth failure doubles the wait to a minute.
    expect((await signIn(guesser, account.email, 'Wrong-Pass6')).status).toBe(401);
    advanceClock(45 * 1000);
    expect((await signIn(guesser, account.email, account.plainPassword)).status).toBe(429);
    advanceClock(16 * 1000);
    expect((await signIn(guesser, account.email, account.plainPassword)).status).toBe(200);
  });

  it('forgets failures an hour after the last one, and a success resets the count', async () => {
    const account = await signUpAndConfirm(stack);
    const client = stack.client();
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(client, account.email, 'Wrong-Pass1');
    advanceClock(61 * durations.minute);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await signIn(client, account.email, 'Wrong-Pass1')).status).toBe(401);
    expect((await signIn(client, account.email, account.plainPassword)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await signIn(client, account.email, 'Wrong-Pass1')).status).toBe(401);
    expect((await signIn(client, account.email, account.plainPassword)).status).toBe(200);
  });

  it('throttles unknown e-mails the same way', async () => {
    const email = uniqueEmail('nobody');
    const client = stack.client();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(client, email, defaultPassword)).status).toBe(401);
    expect((await signIn(client, email, defaultPassword)).status).toBe(429);
  });
});

describe('tokens at rest', () => {
  it('stores confirmation tokens only as hashes', async () => {
    const body = signupBody();
    await stack.client().call('signUp', { body });
    const token = await confirmationTokenFor(stack, body.email);
    const items = await snapshot();
    expect(itemsOfType(items, 'Token')).not.toHaveLength(0);
    expect(items.some((item) => item.includes(token))).toBe(false);
  });
});
