import { afterEach, describe, expect, it } from 'vitest';
import type { UserSession } from '../../shared/contracts/auth';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { hashPassword, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { ApiClient, useIntegrationStack } from '../support/integration';

/**
 * A session ended from another of the user's sessions (docs/product/sessions-and-sign-in.md,
 * "Signed out from another device"): its next request answers 7 with `details.reason`
 * `signedOut`, so a tab away from the canvas says the same words as the live channel; a
 * session that ran out, or was signed out by itself, answers a plain 7.
 */

const stack = useIntegrationStack();

afterEach(() => resetClock());

async function signedIn(who: TestAccount): Promise<ApiClient> {
  const client = stack.client({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0' });
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
  const response = await client.call('signIn', { body: { email: who.email, password: hashPassword(who.plainPassword, body.salt) } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return client;
}

describe('the answer 7 of a session ended from another device', () => {
  it('says signedOut after DELETE /api/user/sessions/{id} from another session, for the idle lifetime', async () => {
    const who = await signUpAndConfirm(stack);
    const laptop = await signedIn(who);
    const target = (await who.client.call<'listSessions', UserSession[]>('listSessions')).body.find((session) => !session.current)!;
    expect((await who.client.call('revokeSession', { params: { id: target.id } })).status).toBe(204);

    const refused = await laptop.call('getProfile');
    expectError(refused, 7);
    expect((refused.body as { details?: unknown }).details).toEqual({ reason: 'signedOut' });
    // Again on the next click, and any route.
    expect(((await laptop.call('listSessions')).body as { details?: unknown }).details).toEqual({ reason: 'signedOut' });

    // Past the idle lifetime the session would have expired anyway: a plain 7.
    advanceClock(31 * durations.minute);
    const later = await laptop.call('getProfile');
    expectError(later, 7);
    expect((later.body as { details?: unknown }).details).toBeUndefined();
  });

  it('says signedOut after "sign out everywhere else"', async () => {
    const who = await signUpAndConfirm(stack);
    const phone = await signedIn(who);
    expect((await who.client.call('revokeOtherSessions')).status).toBe(200);
    const refused = await phone.call('getProfile');
    expectError(refused, 7);
    expect((refused.body as { details?: unknown }).details).toEqual({ reason: 'signedOut' });
    expect((await who.client.call('getProfile')).status).toBe(200);
  });

  it('is a plain 7 for a session that signed itself out or ran out', async () => {
    const who = await signUpAndConfirm(stack);
    const tab = await signedIn(who);
    const cookie = tab.cookieHeader();
    expect((await tab.call('signOut')).status).toBeLessThan(300);
    // The same cookie sent again (another tab of that browser kept it): ended here, not elsewhere.
    const signedOutHere = await stack.client().call('getProfile', { headers: { cookie } });
    expectError(signedOutHere, 7);
    expect((signedOutHere.body as { details?: unknown }).details).toBeUndefined();

    const idle = await signedIn(who);
    advanceClock(31 * durations.minute);
    const expired = await idle.call('getProfile');
    expectError(expired, 7);
    expect((expired.body as { details?: unknown }).details).toBeUndefined();
  });
});
