import { createConfirmedAccount } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * What the logged-out first page downloads (docs/architecture.md#budgets; `npm run bench -- --spa-size`
 * measures its size): the shell and the home page, not the API contract with zod, which the
 * first call loads; a sign-in from there still works and lands on the canvas.
 */
test('the logged-out first page loads no API contract; the first call does, and signing in works', async ({ page, inbox }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const account = await createConfirmedAccount(inbox, { firstName: 'Grace', entityName: 'Hopper Family' });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Family Canvas' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /\/api-contract-[^/]*\.js$/.test(script))).toEqual([]);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page).toHaveURL(/\/canvas$/);
  // A family's first login starts on its canvas with the tour (docs/product/canvas.md#canvas-tour).
  await expect(page.getByRole('region', { name: 'Tour of your canvas' })).toBeVisible();
  expect(scripts.filter((script) => /\/api-contract-[^/]*\.js$/.test(script))).toHaveLength(1);
});
