import type { BrowserContext, Page } from '@playwright/test';
import { appLinkIn, createConfirmedAccount, waitForMail, type TestAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { logIn, totpCodeFor, virtualAuthenticator } from './support/sign-in';
import { ageSessionsOf, endRecoveryWaitOf } from './support/stored-time';
import { apiOf } from './support/api';

/**
 * Sign-in methods end to end in Chromium: a session older than 10 minutes confirms who it
 * is before it adds a factor; "This was not me" from the mail ends every session; the
 * first passkey says what it changes and hands out recovery codes; and a person who lost
 * every factor recovers through the mailbox once the 24-hour wait is over.
 */
test.describe.configure({ mode: 'parallel' });

const noticeSubject = 'A sign-in method of your Family Canvas account changed';

async function logInAs(page: Page, account: TestAccount) {
  await logIn(page, account.email, account.password);
}

/** Signs in through the login page and closes the walkthrough of a first sign-in. */
async function signedIn(page: Page, account: TestAccount) {
  await logInAs(page, account);
  // The first sign-in loads the entities and opens the walkthrough: slow on a busy machine.
  await expect(page).toHaveURL(/\/canvas$/, { timeout: 15_000 });
  const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
  if (await walkthrough.isVisible()) await walkthrough.getByRole('button', { name: 'Close' }).click();
}

/** TOTP on through the API with the page's own session (fresh, so recent enough): the secret. */
async function totpOn(page: Page): Promise<string> {
  const setup = await apiOf(page.request).call('setupTotp');
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await apiOf(page.request).call('enableTotp', { body: { code: totpCodeFor(secret) } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return secret;
}

async function confirmWithPassword(page: Page, password: string) {
  const reauth = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(reauth).toBeVisible();
  await reauth.getByLabel(/^Password/).fill(password);
  await reauth.getByRole('button', { name: 'Confirm' }).click();
  await expect(reauth).toBeHidden();
}

test('a session older than 10 minutes confirms the password before it can add an authenticator app', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox);
  await signedIn(page, account);
  // As a session left open (or taken over) would be: signed in 11 minutes ago.
  await ageSessionsOf(account.email, 11);

  await page.goto('/profile?tab=security');
  const section = page.getByTestId('two-factor-section');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  // No secret before the password: the setup waits for it.
  await expect(section.getByTestId('totp-secret')).toHaveCount(0);
  await confirmWithPassword(page, account.password);
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await section.getByRole('textbox', { name: 'Code' }).fill(totpCodeFor(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  // The change is announced to the mailbox.
  const notice = await waitForMail(inbox, account.email, noticeSubject);
  expect(notice.body.text).toContain('authenticator app was turned on');
});

test('"This was not me" from the mail signs every device out and sends a reset link', async ({ browser, inbox, baseURL }) => {
  // Three browsers, two sign-ins through the page: longer than one page's test on a busy machine.
  test.setTimeout(90_000);
  const account = await createConfirmedAccount(inbox, { firstName: 'Mary' });
  const contexts: BrowserContext[] = [];
  const pageIn = async () => {
    const context = await browser.newContext({ baseURL });
    contexts.push(context);
    return context.newPage();
  };
  const owner = await pageIn();
  await signedIn(owner, account);
  // Someone else, with the password, turns on an authenticator app of their own.
  const intruder = await pageIn();
  await signedIn(intruder, account);
  await totpOn(intruder);

  const notice = await waitForMail(inbox, account.email, noticeSubject);
  const fromMail = await pageIn();
  await fromMail.goto(appLinkIn(notice, '/not-me'));
  await expect(fromMail.getByRole('heading', { name: 'Secure your account' })).toBeVisible();
  await fromMail.getByRole('button', { name: 'Secure my account' }).click();
  await expect(fromMail.getByTestId('not-me-done')).toContainText(`We sent a link to ${account.email}`);
  // The intruder's app is held, not removed: the page says when it can go.
  await expect(fromMail.getByTestId('not-me-done')).toContainText('can no longer be used');

  // Both sessions ended: each browser is asked to sign in again.
  for (const page of [owner, intruder]) {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/(login|session-expired)/, { timeout: 15_000 });
  }
  await waitForMail(inbox, account.email, 'Reset your Family Canvas password');
  // The known password no longer signs in.
  await logInAs(owner, account);
  await expect(owner.getByRole('alert')).toContainText(/incorrect/i);
  await Promise.all(contexts.map((context) => context.close()));
});

test('the first passkey says what it changes before the prompt and shows the recovery codes', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox, { firstName: 'Alan' });
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signedIn(page, account);
  await ageSessionsOf(account.email, 11);

  await page.goto('/profile?tab=security');
  const section = page.getByTestId('passkeys-section');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(dialog.getByTestId('passkey-add-note')).toContainText('A passkey signs you in on its own');
  await expect(dialog.getByTestId('passkey-add-note')).toContainText('asks for a second step');
  await dialog.getByRole('textbox', { name: /Name/ }).fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // An old session confirms the password first; then the device's prompt.
  await confirmWithPassword(page, account.password);

  const codes = page.getByRole('dialog', { name: 'Your passkey was added' }).getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('passkeys-list').getByRole('listitem')).toContainText('Work laptop');
  await expect(page.getByTestId('two-factor-section')).toContainText('10 recovery codes left.');
});

test('a person who lost every factor recovers through the mailbox once the 24-hour wait is over', async ({ browser, page: before, inbox, baseURL }) => {
  const account = await createConfirmedAccount(inbox, { firstName: 'Edsger' });
  await signedIn(before, account);
  await totpOn(before);

  // On a new device, the phone with the app gone: the second step offers the way out.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInAs(page, account);
  const step = page.getByTestId('login-second-step').locator('..');
  await step.getByRole('button', { name: 'Lost your phone or passkey?' }).click();
  await step.getByRole('button', { name: 'E-mail me a recovery link' }).click();
  await expect(step.getByRole('status')).toContainText(`we sent a recovery link to ${account.email}`);

  await page.goto(appLinkIn(await waitForMail(inbox, account.email, 'Recover access to your Family Canvas account'), '/recover-access'));
  await page.getByRole('button', { name: 'Start the recovery' }).click();
  await expect(page.getByTestId('recover-access-waiting')).toContainText('The recovery started');
  const announced = await waitForMail(inbox, account.email, 'A recovery of your Family Canvas account started');
  expect(announced.body.text).toContain('/recover-access/cancel?token=');
  // Nothing can be removed yet: the page offers no such step while it waits.
  await page.reload();
  await expect(page.getByTestId('recover-access-waiting')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove my second factors' })).toHaveCount(0);

  await endRecoveryWaitOf(account.email);
  await page.reload();
  await page.getByRole('button', { name: 'Remove my second factors' }).click();
  await expect(page.getByTestId('recover-access-done')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  // The password alone signs in now.
  await logInAs(page, account);
  await expect(page).toHaveURL(/\/canvas$/, { timeout: 15_000 });
  await context.close();
});
