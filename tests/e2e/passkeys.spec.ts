import type { Page } from '@playwright/test';
import { createConfirmedAccount, defaultPassword } from './support/accounts';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { logIn, virtualAuthenticator } from './support/sign-in';

/**
 * Passkeys end to end in Chromium: its virtual authenticator (DevTools protocol, WebAuthn
 * domain) plays a device with a platform authenticator that keeps discoverable
 * credentials and verifies its user (a fingerprint or PIN), so the browser, the
 * @simplewebauthn libraries and the server all do the real ceremony.
 */
test.describe.configure({ mode: 'parallel' });
// Whole journeys (an account, sign-ins, ceremonies): about 20 s on a busy machine with two workers, close to the default 30 s.
test.setTimeout(90_000);

async function logInToCanvas(page: Page, email: string) {
  await logIn(page, email, defaultPassword);
  // The first sign-in loads the entities and opens the walkthrough: slow on a busy machine.
  await expect(page).toHaveURL(/\/canvas$/, { timeout: 15_000 });
}

test('a user adds a passkey under Profile, Security, signs out and signs in with it, without the password', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox, { firstName: 'Grace' });
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await logInToCanvas(page, account.email);

  await page.goto('/profile?tab=security');
  const section = page.getByTestId('passkeys-section');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device refuses to verify its user (a wrong fingerprint): nothing is added, the dialog says so.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: /Name/ }).fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/No passkey was created|could not be registered/);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);

  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The passkey "Work laptop" was added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The first passkey hands out recovery codes, shown once.
  const codes = page.getByRole('dialog', { name: 'Your passkey was added' });
  await expect(codes.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes).toBeHidden();
  const list = section.getByTestId('passkeys-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  await expect(list.getByRole('listitem')).toContainText('Not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe('localhost');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  // No e-mail, no password: the passkey alone.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/canvas$/, { timeout: 15_000 });
  await page.goto('/profile?tab=security');
  await expect(page.getByTestId('passkeys-list').getByRole('listitem')).not.toContainText('Not used yet');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount).toBeGreaterThan(0);
});

test('a passkey removed from the account no longer signs in, and the login page says so', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await logInToCanvas(page, account.email);
  await page.goto('/profile?tab=security');
  const section = page.getByTestId('passkeys-section');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: /Name/ }).fill('Old phone');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Your passkey was added' }).getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('passkeys-list')).toContainText('Old phone');

  await section.getByRole('button', { name: 'Remove the passkey Old phone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the passkey "Old phone"?' });
  const [, a, b] = /(\d) × (\d)/.exec((await confirm.getByText(/To confirm, type the result of/).textContent()) ?? '')!;
  await confirm.getByTestId('confirm-challenge').fill(String(Number(a) * Number(b)));
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // The sign-out ends on the home page: wait for it, or its navigation overtakes the next one.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  // The device still keeps it (removing it there is the user's part): the server does not know it any more.
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not recognised.');
  await expect(page).toHaveURL(/\/login$/);
});
