import { createConfirmedAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { logIn, totpCodeFor } from './support/sign-in';

test.describe.configure({ mode: 'parallel' });
// Two sign-ins and a factor set up through the UI: a busy machine took one past 30 s (a bound, not a delay).
test.setTimeout(90_000);

test('a user turns on two-factor sign-in with an authenticator code, then signs in with a code', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/canvas$/);
  // A family's first login: the canvas tour (docs/product/canvas.md#canvas-tour), skipped.
  await page.getByRole('region', { name: 'Tour of your canvas' }).getByRole('button', { name: 'Skip the tour' }).click();

  // Profile → Security: the setup shows the QR code and the key as text.
  await page.goto('/profile?tab=security');
  const section = page.getByTestId('two-factor-section');
  await expect(section.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('Off');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeInput = section.getByRole('textbox', { name: 'Code' });
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await codeInput.fill(totpCodeFor(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  // Ten recovery codes, shown once.
  const recovery = section.getByTestId('recovery-codes');
  await expect(recovery.getByRole('listitem')).toHaveCount(10);
  await recovery.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('On');
  await expect(section).toContainText('10 recovery codes left.');

  // Sign out, then in again: the password leads to the code step.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, account.email, account.password);
  const step = page.getByTestId('login-second-step');
  await expect(step.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  const loginCode = step.getByRole('textbox', { name: 'Code' });
  await expect(loginCode).toBeFocused();
  await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
  // A code from the wrong time is refused in place.
  await loginCode.fill(totpCodeFor(secret, 10));
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expect(step).toContainText('The code is not valid.');
  // The next step's code (the one enable used is spent): signed in.
  await loginCode.fill(totpCodeFor(secret, 1));
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/canvas$/);
  await expect(page.getByTestId('entity-switcher')).toHaveText(/Lovelace Family/);
});
