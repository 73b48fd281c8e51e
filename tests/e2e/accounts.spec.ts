import type { Page } from '@playwright/test';
import { appLinkIn, createConfirmedAccount, defaultPassword, waitForMail } from './support/accounts';
import { expect, seriousAccessibilityViolations, test, uniqueEmail } from './support/fixtures';

// Every test makes its own account: they may run side by side.
test.describe.configure({ mode: 'parallel' });
// Whole journeys (sign up, mail, confirm, log in, reload, log out): past 30 s on a busy machine with two workers, no step stuck.
test.setTimeout(90_000);

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeEnabled();
  await login.click();
}

test('a new family signs up, confirms the e-mail, logs in to the canvas and logs out', async ({ page, inbox }) => {
  const email = uniqueEmail('family');
  await page.goto('/');
  await page.getByRole('link', { name: 'Start registration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();

  // Step 1: the type, with its description on hover.
  const family = page.getByRole('radio', { name: 'A family' });
  await family.hover();
  await expect(page.getByTestId('entity-type-description')).toContainText('Your family works on its own canvas');
  await family.check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the form.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Hopper Family');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(defaultPassword);
  await page.getByLabel(/^Repeat password/).fill(defaultPassword);
  const register = page.getByRole('button', { name: 'Register' });
  await expect(register).toBeDisabled();
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await register.click();

  // Step 3: the e-mail is on its way.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByTestId('signup-sent')).toContainText(email);

  // The link in the e-mail confirms the address and leads to login.
  const link = appLinkIn(await waitForMail(inbox, email, 'Confirm your e-mail'), '/email-confirmation');
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText('Your e-mail address is confirmed. Log in to get started.');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);

  await logIn(page, email, defaultPassword);
  await expect(page).toHaveURL(/\/canvas$/);
  // A new family starts on its canvas (created at signup) with the canvas tour, not the walkthrough.
  await expect(page.getByTestId('canvas-title')).toHaveText('Hopper Family Canvas');
  const tour = page.getByRole('region', { name: 'Tour of your canvas' });
  await expect(tour).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Walkthrough' })).toHaveCount(0);
  await tour.getByRole('button', { name: 'Skip the tour' }).click();
  await expect(tour).toHaveCount(0);
  await expect(page.getByTestId('entity-switcher')).toHaveText(/Hopper Family/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Canvas' })).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/canvas$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  // Logged out for real: the canvas asks for a login again.
  await page.goto('/canvas');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user resets a forgotten password through the e-mailed link and logs in with the new one', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox);
  const newPassword = 'Brand-New7?';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Reset it here' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText(account.email);

  await page.goto(appLinkIn(await waitForMail(inbox, account.email, 'Reset your'), '/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText('Your password has been changed. Log in with your new password.');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);

  // The old password no longer works; the new one does.
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText('Your email or password are incorrect.');
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/canvas$/);

  // The logged-in shell fits a phone and passes axe (a family's first login: the canvas tour, skipped).
  await page.getByRole('region', { name: 'Tour of your canvas' }).getByRole('button', { name: 'Skip the tour' }).click();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('a wrong password says the credentials are incorrect', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox);
  await page.goto('/login');
  await logIn(page, account.email, 'Not-The-One9');
  const alert = page.getByRole('alert').filter({ hasText: 'Login failed' });
  await expect(alert).toContainText('Your email or password are incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user keeps signed in on request, sees their sessions under Profile, Security, and signs the other one out', async ({ page, browser, inbox }) => {
  const account = await createConfirmedAccount(inbox);
  // Another browser (a second context: its own cookies) signed in too.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await logIn(otherPage, account.email, defaultPassword);
  await expect(otherPage).toHaveURL(/\/canvas$/);

  await page.goto('/login');
  await page.getByRole('checkbox', { name: 'Keep me signed in for 30 days' }).check();
  await logIn(page, account.email, defaultPassword);
  await expect(page).toHaveURL(/\/canvas$/);
  await page.goto('/profile?tab=security');
  const list = page.getByTestId('sessions-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This session')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText('You are signed in only here.')).toBeVisible();

  // The other browser is signed out at once.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/(login|session-expired)/);
  await other.close();
});

test.describe('accessibility of the account pages', () => {
  test('login and signup have no serious axe findings, also at 375 px', async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Who are you registering?' })).toBeVisible();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('radio', { name: 'An advisor company' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('textbox', { name: 'Company name' })).toBeVisible();
      // Show the field errors too: they must be readable and tied to their fields.
      await page.getByRole('textbox', { name: 'First name' }).fill('Al');
      await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
      await page.getByRole('textbox', { name: 'E-mail' }).press('Tab');
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    }
  });
});
