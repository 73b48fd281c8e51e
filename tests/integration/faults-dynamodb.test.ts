import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../shared/contracts/auth';
import { errorCatalogue } from '../../shared/errors';
import { hashPassword, newSalt, signUpAndConfirm } from '../support/accounts';
import { ApiClient, useIntegrationStack, type ApiResponse } from '../support/integration';

/**
 * DynamoDB going away mid-run: this file runs its own DynamoDB Local, stops it, and calls
 * the API. Every call that needs the table answers a clean 500 with the catalogue's body
 * (code 500, or 3 for a database error) and no internal detail, promptly; calls that do
 * not need it keep working. When DynamoDB is back (in memory: empty, so the table is
 * created anew and the user signs up again) the same process serves again, without a restart.
 */

const stack = useIntegrationStack({ privateDynamo: true });

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

function expectCleanServerError(response: ApiResponse, label: string): void {
  const body = response.body as ErrorBody;
  expect(response.status, `${label}: ${JSON.stringify(body)}`).toBe(500);
  expect([errorCatalogue.INTERNAL_SERVER_ERROR.code, errorCatalogue.DB_ERROR.code], label).toContain(body.errorCode);
  expect(body.errors, label).toEqual({});
  expect([errorCatalogue.INTERNAL_SERVER_ERROR.message, errorCatalogue.DB_ERROR.message], label).toContain(body.message);
  expect(JSON.stringify(body), label).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at \w+ \(|Dynamo/i);
}

describe('DynamoDB stopped mid-run', () => {
  it('answers a clean 500 while it is down and serves again once it is back', async () => {
    const account = await signUpAndConfirm(stack);
    const cookie = account.client.cookieHeader();
    expect((await account.client.call<'getProfile', UserProfile>('getProfile')).body.id).toBe(account.userId);

    await stack.stopDynamo();
    const anonymous = new ApiClient(() => stack.apiUrl);
    const calls: Array<[string, () => Promise<ApiResponse>]> = [
      ['profile (session read)', () => account.client.call('getProfile')],
      ['entities', () => account.client.call('listEntities')],
      ['a write', () => account.client.call('createEntity', { body: { entityTypeId: 1, entityName: 'Outage Family' } })],
      ['canvas', () => account.client.call('getOwnCanvas')],
      ['salt (public)', () => anonymous.call('getSalt', { body: { email: account.email } })],
      ['sign-in (public)', () => anonymous.call('signIn', { body: { email: account.email, password: hashPassword(account.plainPassword, newSalt()) } })],
      [
        'contact form (public write)',
        () =>
          anonymous.call('sendContactMessage', {
            body: { firstName: 'Out', lastName: 'Age', email: 'outage@example.com', subject: 'Down', message: 'Is it down?' },
          }),
      ],
    ];
    const started = Date.now();
    for (const [label, call] of calls) expectCleanServerError(await call(), label);
    // Connection refused fails fast: the SDK's two attempts, no long hang.
    expect(Date.now() - started).toBeLessThan(15_000);

    // What needs no table still works: reference data, and bad input is still bad input.
    expect((await anonymous.call('listCountries')).status).toBe(200);
    expect((await anonymous.call<'getSalt', ErrorBody>('getSalt', { body: { email: 'not-an-email' } })).body.errorCode).toBe(2);
    expect((await anonymous.call<'getProfile', ErrorBody>('getProfile')).body.errorCode).toBe(5);
    // Signing out still clears the browser's cookie, although the session item cannot be ended.
    const signOut = await new ApiClient(() => stack.apiUrl).call('signOut', { headers: { cookie } });
    expect(signOut.status).toBe(204);
    expect(signOut.cookies.join()).toMatch(/fc_session=;.*Max-Age=0/);

    await stack.restartDynamo();
    // The data went with the in-memory database: the session is unknown now.
    expect((await account.client.call<'getProfile', ErrorBody>('getProfile')).body.errorCode).toBe(7);
    const again = await signUpAndConfirm(stack, { email: account.email });
    const profile = await again.client.call<'getProfile', UserProfile>('getProfile');
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(account.email);
    expect((await again.client.call('createEntity', { body: { entityTypeId: 1, entityName: 'Recovered Family' } })).status).toBe(201);
  });
});
