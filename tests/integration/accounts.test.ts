import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentEntity, SignupResponse, UserProfile } from '../../shared/contracts/auth';
import { EntityRole, EntityType } from '../../shared/enums';
import { permissionsForRole } from '../../shared/permissions';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { confirmationTokenFor, defaultPassword, hashPassword, linkParameter, newSalt, signIn, signUpAndConfirm, signupBody } from '../support/accounts';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { snapshotTable } from '../support/table';

const stack = useIntegrationStack();

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

afterEach(() => resetClock());

describe('the life of an account', () => {
  it('signs up, confirms, signs in, reads the profile and signs out', async () => {
    const client = stack.client();
    const body = signupBody({ firstName: 'Grace', lastName: 'Hopper', createEntityName: 'Hopper Family' });

    const signup = await client.call<'signUp', SignupResponse>('signUp', { body });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ idToken: expect.stringMatching(/^[a-f0-9]{32}$/), tokenExpiration: null });
    expect(signup.cookies).toEqual([]);

    // Not confirmed yet: the right password answers 14.
    const early = await signIn(client, body.email, defaultPassword);
    expect(early.status).toBe(403);
    expect((early.body as unknown as ErrorBody).errorCode).toBe(14);

    const mail = await stack.latestEmailTo(body.email);
    expect(mail.subject).toContain('Confirm your e-mail');
    const token = linkParameter(mail.body.text, '/email-confirmation', 'token');
    expect(mail.body.text).toContain('http://localhost:5173/email-confirmation?token=');

    const confirm = await client.call<'confirmEmail', { email: string }>('confirmEmail', { query: { token } });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ email: body.email });
    const again = await client.call<'confirmEmail', ErrorBody>('confirmEmail', { query: { token } });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe(13);

    const first = await signIn(client, body.email, defaultPassword);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: signup.body.idToken,
      firstName: 'Grace',
      lastName: 'Hopper',
      prefix: null,
      email: body.email,
      phone: null,
      isEmailConfirmed: true,
      lastLoginDate: null,
      addresses: [],
    });
    const sessionCookie = first.cookies.find((c) => c.startsWith('fc_session='));
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);

    const profile = await client.call<'getProfile', UserProfile>('getProfile');
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ ...first.body, lastLoginDate: expect.any(String), privacySettings: { email: 10, phone: 10, address: 10 } });

    // The second sign-in answers the first one's date.
    const second = await signIn(stack.client(), body.email, defaultPassword);
    expect(second.body.lastLoginDate).toBe(profile.body.lastLoginDate);

    const signout = await client.call('signOut');
    expect(signout.status).toBe(204);
    expect(signout.cookies.some((c) => /^fc_session=;.*Max-Age=0/.test(c))).toBe(true);
    const afterSignout = await client.call<'getProfile', ErrorBody>('getProfile');
    expect(afterSignout.status).toBe(401);
    expect(afterSignout.body.errorCode).toBe(5);
    // The old cookie no longer names a session on the server.
    const [cookiePair = ''] = (sessionCookie ?? '').split(';');
    const replayed = await stack.client().call<'getProfile', ErrorBody>('getProfile', { headers: { cookie: cookiePair } });
    expect(replayed.body.errorCode).toBe(7);
  });

  it('creates the family with its default canvas name and makes the owner its first member', async () => {
    const account = await signUpAndConfirm(stack, { createEntityName: 'Curie Family' });
    const current = await account.client.call<'setCurrentEntity', CurrentEntity>('setCurrentEntity', { body: { id: account.entityId } });
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      id: account.entityId,
      entityName: 'Curie Family',
      entityTypeId: EntityType.Family,
      canvasName: 'Curie Family Canvas',
      domain: null,
      vatNumber: null,
      email: null,
      phone: null,
      addresses: [],
      entityRoleId: EntityRole.Owner,
      entityRoleName: 'Owner',
      entityRolePermissions: permissionsForRole(EntityRole.Owner),
      entityMemberId: account.userId,
      entityMemberCompanyPosition: null,
    });
    const cleared = await account.client.call('setCurrentEntity', { body: { id: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toBeNull();
  });

  it('creates an advisor company without a canvas, and a family with the given canvas name', async () => {
    const advisor = await signUpAndConfirm(stack, {
      createEntityTypeId: EntityType.AdvisorCompany,
      createEntityName: 'Wise Advisors',
      canvasName: 'Ignored Canvas',
    });
    const company = await advisor.client.call<'setCurrentEntity', CurrentEntity>('setCurrentEntity', { body: { id: advisor.entityId } });
    expect(company.body).toMatchObject({ entityTypeId: 2, entityName: 'Wise Advisors', canvasName: null, entityRoleId: 1 });

    const family = await signUpAndConfirm(stack, { createEntityName: 'Noether Family', canvasName: 'Our Plans' });
    const current = await family.client.call<'setCurrentEntity', CurrentEntity>('setCurrentEntity', { body: { id: family.entityId } });
    expect(current.body.canvasName).toBe('Our Plans');
    expect(family.entityId).not.toBe(advisor.entityId);
  });

  it('answers "not found" for an entity the caller is not a member of', async () => {
    const one = await signUpAndConfirm(stack);
    const other = await signUpAndConfirm(stack);
    for (const id of [other.entityId, 999_999]) {
      const response = await one.client.call<'setCurrentEntity', ErrorBody>('setCurrentEntity', { body: { id } });
      expect(response.status).toBe(404);
      expect(response.body.errorCode).toBe(4);
    }
    const anonymous = await stack.client().call<'setCurrentEntity', ErrorBody>('setCurrentEntity', { body: { id: one.entityId } });
    expect(anonymous.body.errorCode).toBe(5);
    const invalid = await one.client.call<'setCurrentEntity', ErrorBody>('setCurrentEntity', { body: { id: 'one' } });
    expect(invalid.body.errorCode).toBe(2);
  });

  it('expires an idle session after 30 minutes', async () => {
    const account = await signUpAndConfirm(stack);
    advanceClock(25 * durations.minute);
    expect((await account.client.call('getProfile')).status).toBe(200); // activity keeps it alive
    advanceClock(25 * durations.minute);
    expect((await account.client.call('getProfile')).status).toBe(200);
    advanceClock(30 * durations.minute + durations.minute);
    const expired = await account.client.call<'getProfile', ErrorBody>('getProfile');
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe(7);
  });
});

describe('e-mail confirmation', () => {
  it('refuses an expired link with 21 and a tampered one with 20', async () => {
    const client = stack.client();
    const body = signupBody();
    expect((await client.call('signUp', { body })).status).toBe(201);
    const token = await confirmationTokenFor(stack, body.email);

    const tampered = await client.call<'confirmEmail', ErrorBody>('confirmEmail', { rawQuery: `token=${token.slice(0, -2)}xy` });
    expect(tampered.status).toBe(400);
    expect(tampered.body.errorCode).toBe(20);
    const missing = await client.call<'confirmEmail', ErrorBody>('confirmEmail');
    expect(missing.status).toBe(400);

    advanceClock(14 * durations.day + durations.minute);
    const expired = await client.call<'confirmEmail', ErrorBody>('confirmEmail', { query: { token } });
    expect(expired.status).toBe(410);
    expect(expired.body.errorCode).toBe(21);
  });

  it('resends the link to an unconfirmed user who gives the e-mail, and answers the same for unknown ones', async () => {
    const client = stack.client();
    const body = signupBody();
    expect((await client.call('signUp', { body })).status).toBe(201);
    const firstToken = await confirmationTokenFor(stack, body.email);

    const resend = await client.call<'resendConfirmationLink', { email: string }>('resendConfirmationLink', { body: { email: body.email } });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ email: body.email });
    await expect.poll(async () => (await stack.emailsTo(body.email)).length).toBe(2);
    const secondToken = await confirmationTokenFor(stack, body.email);
    expect(secondToken).not.toBe(firstToken);
    expect((await client.call('confirmEmail', { query: { token: secondToken } })).status).toBe(200);
    // The first link is still unused but the e-mail is confirmed now.
    expect((await client.call<'confirmEmail', ErrorBody>('confirmEmail', { query: { token: firstToken } })).body.errorCode).toBe(13);

    // Confirmed and unknown addresses get the same answer and no e-mail.
    const unknown = uniqueEmail('nobody');
    for (const email of [unknown, body.email]) {
      const response = await client.call<'resendConfirmationLink', { email: string }>('resendConfirmationLink', { body: { email } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ email });
    }
    expect(await stack.emailsTo(unknown)).toHaveLength(0);
    expect(await stack.emailsTo(body.email)).toHaveLength(2);
  });

  it('resends for the signed-in user without an e-mail, and says 13 when confirmed', async () => {
    const account = await signUpAndConfirm(stack);
    const response = await account.client.call<'resendConfirmationLink', ErrorBody>('resendConfirmationLink');
    expect(response.status).toBe(409);
    expect(response.body.errorCode).toBe(13);
    const anonymous = await stack.client().call<'resendConfirmationLink', ErrorBody>('resendConfirmationLink');
    expect(anonymous.body.errorCode).toBe(5);
  });
});

describe('passwords', () => {
  it('resets the password by e-mail link, ends the sessions and signs in with the new one', async () => {
    const account = await signUpAndConfirm(stack);
    const send = await stack.client().call<'sendReset', { email: string }>('sendReset', { body: { email: account.email } });
    expect(send.status).toBe(200);
    expect(send.body).toEqual({ email: account.email });
    const mail = await stack.latestEmailTo(account.email);
    expect(mail.subject).toContain('Reset your');
    const token = linkParameter(mail.body.text, '/reset-password', 'token');
    expect(linkParameter(mail.body.text, '/reset-password', 'email')).toBe(account.email);

    const salt = newSalt();
    const newPassword = 'Brand-New-7';
    const wrongEmail = await stack
      .client()
      .call<'resetPassword', ErrorBody>('resetPassword', { body: { email: uniqueEmail(), token, password: hashPassword(newPassword, salt), salt } });
    expect(wrongEmail.body.errorCode).toBe(20);
    const reset = await stack
      .client()
      .call<'resetPassword', { email: string }>('resetPassword', { body: { email: account.email, token, password: hashPassword(newPassword, salt), salt } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ email: account.email });

    const reused = await stack
      .client()
      .call<'resetPassword', ErrorBody>('resetPassword', { body: { email: account.email, token, password: hashPassword(newPassword, salt), salt } });
    expect(reused.body.errorCode).toBe(20);
    expect((await account.client.call<'getProfile', ErrorBody>('getProfile')).body.errorCode).toBe(7);
    expect((await signIn(stack.client(), account.email, account.plainPassword)).status).toBe(401);
    const signin = await signIn(stack.client(), account.email, newPassword);
    expect(signin.status).toBe(200);
    expect((await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } })).body.salt).toBe(salt);
  });

  it('confirms the e-mail of an unconfirmed user who resets the password', async () => {
    const body = signupBody();
    expect((await stack.client().call('signUp', { body })).status).toBe(201);
    await stack.client().call('sendReset', { body: { email: body.email } });
    await expect.poll(async () => (await stack.emailsTo(body.email)).length).toBe(2);
    const token = linkParameter((await stack.latestEmailTo(body.email)).body.text, '/reset-password', 'token');
    const salt = newSalt();
    expect((await stack.client().call('resetPassword', { body: { email: body.email, token, password: hashPassword('Other-Pass1', salt), salt } })).status).toBe(
      200,
    );
    expect((await signIn(stack.client(), body.email, 'Other-Pass1')).status).toBe(200);
  });

  it('checks a reset link without using it: 204 while usable, then the answers the reset gives (20, 21, 2)', async () => {
    const account = await signUpAndConfirm(stack);
    await stack.client().call('sendReset', { body: { email: account.email } });
    const token = linkParameter((await stack.latestEmailTo(account.email)).body.text, '/reset-password', 'token');
    const check = (body: unknown) => stack.client().call<'checkReset', ErrorBody>('checkReset', { looseBody: body });

    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    expect((await check({ email: account.email, token })).status).toBe(204);
    expect((await check({ email: account.email, token })).status).toBe(204);
    // Nothing was written: the token is not used up, the password not changed.
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);

    // Another address (known or not) with this token, and a forged token: 20, like the reset; no account is revealed.
    const other = await signUpAndConfirm(stack);
    expect((await check({ email: other.email, token })).body.errorCode).toBe(20);
    expect((await check({ email: uniqueEmail('ghost'), token })).body.errorCode).toBe(20);
    expect((await check({ email: account.email, token: 'forged' })).body.errorCode).toBe(20);
    const unknownBoth = await check({ email: uniqueEmail('ghost'), token: 'forged' });
    expect(unknownBoth.status).toBe(400);
    expect(unknownBoth.body).toEqual({ errorCode: 20, errors: {}, message: 'Invalid token.' });
    // A broken link: validation (2) naming the field.
    const broken = await check({ email: 'not-an-email', token });
    expect(broken.body.errorCode).toBe(2);
    expect(Object.keys(broken.body.errors)).toEqual(['email']);
    expect((await check({ email: account.email })).body.errorCode).toBe(2);

    // Still usable after the checks; once used, the check answers 20.
    const salt = newSalt();
    expect(
      (await stack.client().call('resetPassword', { body: { email: account.email, token, password: hashPassword('Checked-Pass1', salt), salt } })).status,
    ).toBe(200);
    expect((await check({ email: account.email, token })).body.errorCode).toBe(20);

    // Past its hour: 21 (HTTP 410).
    await stack.client().call('sendReset', { body: { email: account.email } });
    await expect.poll(async () => (await stack.emailsTo(account.email)).filter((mail) => mail.subject.includes('Reset')).length).toBe(2);
    const second = linkParameter((await stack.latestEmailTo(account.email)).body.text, '/reset-password', 'token');
    advanceClock(durations.hour + durations.minute);
    const expired = await check({ email: account.email, token: second });
    expect(expired.status).toBe(410);
    expect(expired.body.errorCode).toBe(21);
  });

  it('refuses a reset link after its hour with 21', async () => {
    const account = await signUpAndConfirm(stack);
    await stack.client().call('sendReset', { body: { email: account.email } });
    const token = linkParameter((await stack.latestEmailTo(account.email)).body.text, '/reset-password', 'token');
    advanceClock(durations.hour + durations.minute);
    const salt = newSalt();
    const expired = await stack
      .client()
      .call<'resetPassword', ErrorBody>('resetPassword', { body: { email: account.email, token, password: hashPassword('Later-Pass1', salt), salt } });
    expect(expired.status).toBe(410);
    expect(expired.body.errorCode).toBe(21);
    resetClock();
    expect((await signIn(stack.client(), account.email, account.plainPassword)).status).toBe(200);
  });

  it('answers a reset request for an unknown e-mail like any other, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await stack.client().call<'sendReset', { email: string }>('sendReset', { body: { email } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email });
    expect(await stack.emailsTo(email)).toHaveLength(0);
  });

  it('changes the password with the current one, refusing a wrong one with 22', async () => {
    const account = await signUpAndConfirm(stack);
    const otherDevice = stack.client();
    expect((await signIn(otherDevice, account.email, account.plainPassword)).status).toBe(200);
    const currentSalt = (await account.client.call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } })).body.salt;
    const salt = newSalt();
    const newPassword = 'Changed-Pass9';

    const wrong = await account.client.call<'changePassword', ErrorBody>('changePassword', {
      body: {
        newPassword: hashPassword(newPassword, salt),
        salt,
        password: hashPassword('Not-The-One1', currentSalt),
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe(22);
    expect(wrong.body.errors).toEqual({ password: ['forms.errorMessages.invalidInput'] });

    const change = await account.client.call('changePassword', {
      body: {
        newPassword: hashPassword(newPassword, salt),
        salt,
        password: hashPassword(account.plainPassword, currentSalt),
      },
    });
    expect(change.status).toBe(204);
    expect((await account.client.call('getProfile')).status).toBe(200);
    expect((await otherDevice.call<'getProfile', ErrorBody>('getProfile')).body.errorCode).toBe(7);
    expect((await signIn(stack.client(), account.email, account.plainPassword)).status).toBe(401);
    expect((await signIn(stack.client(), account.email, newPassword)).status).toBe(200);

    const anonymous = await stack.client().call<'changePassword', ErrorBody>('changePassword', {
      body: { newPassword: hashPassword(newPassword, salt), salt, password: hashPassword(newPassword, salt) },
    });
    expect(anonymous.body.errorCode).toBe(5);
  });
});
