import { createHash } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserSession } from '../../shared/contracts/auth';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { sessionLifetime } from '../../functions/domain/sessions/session';
import { hashPassword, signIn, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { ApiClient, useIntegrationStack, type ApiResponse } from '../support/integration';

/**
 * Sessions (the "accounts advisory firms can trust" issue): the list with device and
 * current marker, revoking one or all others (code 7 at once), the lifetimes (30 idle
 * minutes, 12 hours, 30 days with "keep me signed in"), and the new-device e-mail.
 */

const stack = useIntegrationStack();

afterEach(() => resetClock());

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let account: TestAccount;

beforeAll(async () => {
  account = await signUpAndConfirm(stack);
});

async function signedIn(who: TestAccount, options: { userAgent?: string; remember?: boolean } = {}): Promise<{ client: ApiClient; response: ApiResponse }> {
  const client = stack.client({ userAgent: options.userAgent });
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
  const response = await client.call('signIn', {
    body: {
      email: who.email,
      password: hashPassword(who.plainPassword, body.salt),
      ...(options.remember === undefined ? {} : { remember: options.remember }),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { client, response };
}

const tokenOf = (client: ApiClient) => client.cookieHeader().split('=').slice(1).join('=');

describe('listSessions', () => {
  it('lists the live sessions with device, dates and the current one marked; ids are not token hashes', async () => {
    const who = await signUpAndConfirm(stack);
    const firefox = await signedIn(who, { userAgent: firefoxOnWindows });
    const phone = await signedIn(who, { userAgent: safariOnIphone });
    const listed = await firefox.client.call<'listSessions', UserSession[]>('listSessions');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    const current = listed.body.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.device).toBe('Firefox on Windows');
    expect(listed.body.map((session) => session.device)).toEqual(expect.arrayContaining(['Mobile Safari on iOS', 'Unknown device']));
    for (const session of listed.body) {
      expect(Object.keys(session).sort()).toEqual(['createdDate', 'current', 'device', 'id', 'lastSeenDate']);
      expect(new Date(session.createdDate).toISOString()).toBe(session.createdDate);
      for (const client of [who.client, firefox.client, phone.client]) {
        const token = tokenOf(client);
        expect(session.id).not.toBe(createHash('sha256').update(token).digest('hex'));
        expect(token).not.toContain(session.id);
      }
    }
  });

  it('moves lastSeenDate while the session is used', async () => {
    const { client } = await signedIn(account);
    const first = (await client.call<'listSessions', UserSession[]>('listSessions')).body.find((session) => session.current)!;
    advanceClock(10 * durations.minute);
    const later = (await client.call<'listSessions', UserSession[]>('listSessions')).body.find((session) => session.current)!;
    expect(new Date(later.lastSeenDate).getTime() - new Date(first.lastSeenDate).getTime()).toBeGreaterThanOrEqual(10 * durations.minute - 1000);
    expect(later.createdDate).toBe(first.createdDate);
  });
});

describe('revoking sessions', () => {
  it("DELETE /api/user/sessions/{id} ends that session at once (code 7); another user's id is 4 and leaves it alone", async () => {
    const who = await signUpAndConfirm(stack);
    const other = await signedIn(who, { userAgent: firefoxOnWindows });
    const list = (await who.client.call<'listSessions', UserSession[]>('listSessions')).body;
    const target = list.find((session) => !session.current && session.device === 'Firefox on Windows')!;
    expect((await other.client.call('getProfile')).status).toBe(200);

    const stranger = await signUpAndConfirm(stack);
    expectError(await stranger.client.call('revokeSession', { params: { id: target.id } }), 4);
    expect((await other.client.call('getProfile')).status).toBe(200);

    expect((await who.client.call('revokeSession', { params: { id: target.id } })).status).toBe(204);
    expectError(await other.client.call('getProfile'), 7);
    expectError(await who.client.call('revokeSession', { params: { id: target.id } }), 4);
    expect((await who.client.call<'listSessions', UserSession[]>('listSessions')).body.map((session) => session.id)).not.toContain(target.id);
    expect((await who.client.call('getProfile')).status).toBe(200);
  });

  it('POST /api/user/sessions/revoke-others ends every other session and keeps this one', async () => {
    const who = await signUpAndConfirm(stack);
    const others = [await signedIn(who), await signedIn(who, { userAgent: safariOnIphone })];
    const response = await who.client.call<'revokeOtherSessions', { revoked: number }>('revokeOtherSessions');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revoked: 2 });
    for (const { client } of others) expectError(await client.call('getProfile'), 7);
    const left = (await who.client.call<'listSessions', UserSession[]>('listSessions')).body;
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });
});

describe('session lifetimes', () => {
  it('a normal session: cookie for 12 hours, ends after 30 idle minutes', async () => {
    const { client, response } = await signedIn(account);
    expect(response.cookies[0]).toContain(`Max-Age=${12 * 3600}`);
    expect(sessionLifetime).toMatchObject({ idleSeconds: 30 * 60, absoluteSeconds: 12 * 3600 });
    advanceClock(29 * durations.minute);
    expect((await client.call('getProfile')).status).toBe(200);
    // Sliding: 29 more minutes from the last request is still fine.
    advanceClock(29 * durations.minute);
    expect((await client.call('getProfile')).status).toBe(200);
    advanceClock(31 * durations.minute);
    expectError(await client.call('getProfile'), 7);
  });

  it('"keep me signed in": a cookie for 30 days, alive past 12 hours while used, still ended by 30 idle minutes', async () => {
    const { client, response } = await signedIn(account, { remember: true });
    expect(response.cookies[0]).toContain(`Max-Age=${30 * 24 * 3600}`);
    const plain = await signedIn(account, { remember: false });
    for (let elapsed = 0; elapsed < 13 * 60; elapsed += 25) {
      advanceClock(25 * durations.minute);
      expect((await client.call('listMemberRoles')).status, `after ${elapsed + 25} minutes`).toBe(200);
      await plain.client.call('listMemberRoles');
    }
    expectError(await plain.client.call('getProfile'), 7);
    advanceClock(31 * durations.minute);
    expectError(await client.call('getProfile'), 7);
  });

  it('refuses a remember flag that is not a boolean with 2 naming it', async () => {
    const client = stack.client();
    const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
    const response = await client.call<'signIn', { errorCode: number; errors: Record<string, string[]> }>('signIn', {
      looseBody: {
        email: account.email,
        password: hashPassword(account.plainPassword, body.salt),
        remember: 'yes',
      },
    });
    expect(response.body.errorCode).toBe(2);
    expect(Object.keys(response.body.errors)).toEqual(['remember']);
  });
});

describe('new-device e-mail', () => {
  it('is sent on the first sign-in from a browser and system the account has not used, once', async () => {
    const who = await signUpAndConfirm(stack);
    const newDeviceMails = async () => (await stack.emailsTo(who.email)).filter((mail) => mail.subject === 'New sign-in to your Family Canvas account');
    // The first device of an account (signUpAndConfirm's sign-in) sent none, nor does it again.
    expect((await signIn(stack.client(), who.email, who.plainPassword)).status).toBe(200);
    expect(await newDeviceMails()).toHaveLength(0);
    await signedIn(who, { userAgent: firefoxOnWindows });
    const mails = await newDeviceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('Firefox on Windows');
    expect(mails[0]!.body.text).toContain('/profile?tab=security');
    // A new browser version is no new device.
    await signedIn(who, { userAgent: firefoxOnWindows.replace(/128\.0/g, '129.0') });
    expect(await newDeviceMails()).toHaveLength(1);
  });
});
