import { request as httpRequest } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { createConfirmedAccount, type TestAccount } from './support/accounts';
import { e2eEnv, requiredEnv } from './support/env';
import { clientPasswordHash } from '../../scripts/lib/client-password-hash';
import { expect, test } from './support/fixtures';
import { logIn, totpCodeFor } from './support/sign-in';
import { apiOf } from './support/api';
import { routePath } from '../support/route-calls';

/**
 * Signing in belongs to its owner, in the browser: the second step only in the browser
 * that passed the password, and the owner's known browser is not locked out by an attack
 * of wrong passwords from many addresses.
 */

test.describe.configure({ mode: 'parallel' });
// Whole journeys (an account, a hundred refused sign-ins, the sign-ins after): past the default 30 s with two workers on a busy machine.
test.setTimeout(90_000);

async function passwordStepThroughApi(request: APIRequestContext, account: TestAccount, password = account.password) {
  const { salt } = (await (await apiOf(request).call('getSalt', { body: { email: account.email } })).json()) as { salt: string };
  return apiOf(request).call('signIn', { body: { email: account.email, password: clientPasswordHash(password, salt) } });
}

/** Turns TOTP on through the API, the way the Security tab does; answers the secret and the recovery codes. */
async function withTotp(request: APIRequestContext, account: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  expect((await passwordStepThroughApi(request, account)).status()).toBe(200);
  const { secret } = (await (await apiOf(request).call('setupTotp')).json()) as { secret: string };
  const enabled = await apiOf(request).call('enableTotp', { body: { code: totpCodeFor(secret) } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { secret, recoveryCodes: ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

test('the code step belongs to the browser that passed the password: another browser with the right code is refused, and a browser without the cookie is sent back to the password', async ({
  browser,
  baseURL,
  inbox,
}) => {
  const account = await createConfirmedAccount(inbox);
  const setup = await browser.newContext({ baseURL });
  const { secret, recoveryCodes } = await withTotp(setup.request, account);
  const recoveryCode = recoveryCodes[0]!;
  await setup.close();

  // The owner's browser passes the password step: the pending sign-in cookie is HttpOnly and SameSite=Strict.
  const owner = await browser.newContext({ baseURL });
  const page = await owner.newPage();
  await logIn(page, account.email, account.password);
  const step = page.getByTestId('login-second-step');
  await expect(step.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  const pending = (await owner.cookies()).find((cookie) => cookie.name === 'fc_signin');
  expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  // Another browser that knows the e-mail and the current code, but passed no password step.
  const stranger = await browser.newContext({ baseURL });
  const refused = await apiOf(stranger.request).call('signInMfa', { body: { email: account.email, code: totpCodeFor(secret, 1) } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(89);
  expect((await apiOf(stranger.request).call('getProfile')).status()).toBe(401);
  await stranger.close();

  // The owner's browser finishes with the same code: signed in, the pending cookie gone, a device cookie kept.
  await step.getByRole('textbox', { name: 'Code' }).fill(totpCodeFor(secret, 1));
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/canvas$/);
  const cookies = await owner.cookies();
  expect(cookies.find((cookie) => cookie.name === 'fc_signin')).toBeUndefined();
  expect(cookies.find((cookie) => cookie.name === 'fc_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  await owner.close();

  // A browser whose pending cookie is gone (here: cleared) is told to start again with the password, and can.
  const again = await browser.newContext({ baseURL });
  const againPage = await again.newPage();
  await logIn(againPage, account.email, account.password);
  const againStep = againPage.getByTestId('login-second-step');
  await expect(againStep.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  await again.clearCookies({ name: 'fc_signin' });
  // A recovery code this time (the app's codes of the next steps are spent or not yet valid).
  await againStep.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await againStep.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await againStep.getByRole('button', { name: 'Sign in' }).click();
  await expect(againStep.getByRole('alert')).toContainText('Start again with your password');
  await againStep.getByRole('button', { name: 'Back to the password' }).click();
  await againPage.getByLabel(/^Password/).fill(account.password);
  await againPage.getByRole('button', { name: 'Login', exact: true }).click();
  // The refusal did not spend the recovery code: it finishes the sign-in now.
  await againStep.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await againStep.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await againStep.getByRole('button', { name: 'Sign in' }).click();
  await expect(againPage).toHaveURL(/\/canvas$/);
  await again.close();
});

/** One wrong sign-in straight to the API from a chosen loopback address (the gateway takes the client address from the socket). */
function wrongSignInFrom(localAddress: string, email: string, passwordHash: string): Promise<number> {
  const body = JSON.stringify({ email, password: passwordHash });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${requiredEnv(e2eEnv.apiUrl)}${routePath('signIn')}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, localAddress },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { errorCode: number }).errorCode));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('after 100 wrong passwords from 20 addresses the owner signs in from their known browser at once; a new browser is asked to wait', async ({
  browser,
  baseURL,
  inbox,
}) => {
  const account = await createConfirmedAccount(inbox);
  // The owner's usual browser: one sign-in leaves its device cookie.
  const owner = await browser.newContext({ baseURL });
  const page = await owner.newPage();
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/canvas$/);
  // A family's first login: the canvas tour (docs/product/canvas.md#canvas-tour), skipped.
  const tour = page.getByRole('region', { name: 'Tour of your canvas' });
  await tour.getByRole('button', { name: 'Skip the tour' }).click();
  await expect(tour).toBeHidden();
  // Signing out from the profile page, as the two-factor test does.
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The attack, through the API: 5 wrong passwords from each of 127.0.0.2 … 127.0.0.21.
  const { salt } = (await (await apiOf(owner.request).call('getSalt', { body: { email: account.email } })).json()) as { salt: string };
  const wrong = clientPasswordHash('Wrong-Guess1', salt);
  const codes: number[] = [];
  for (let index = 0; index < 20; index += 1) {
    for (let attempt = 0; attempt < 5; attempt += 1) codes.push(await wrongSignInFrom(`127.0.0.${index + 2}`, account.email, wrong));
  }
  expect(codes.every((code) => code === 12 || code === 80)).toBe(true);

  // The owner's known browser signs in at once.
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/canvas$/);
  await expect(page.getByTestId('entity-switcher')).toHaveText(/Lovelace Family/);
  await owner.close();

  // A new browser shares the budget the attack used up: it is asked to wait (at most 15 minutes).
  const fresh = await browser.newContext({ baseURL });
  const freshPage = await fresh.newPage();
  await logIn(freshPage, account.email, account.password);
  await expect(freshPage.getByText('Too many failed login attempts.')).toBeVisible();
  await expect(freshPage).toHaveURL(/\/login$/);
  await fresh.close();
});
