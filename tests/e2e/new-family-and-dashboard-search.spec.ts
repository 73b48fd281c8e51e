import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type BrowserContext } from '@playwright/test';
import { appLinkIn, defaultPassword, waitForMail } from './support/accounts';
import { expect, seriousAccessibilityViolations, test, uniqueEmail, type Inbox } from './support/fixtures';
import { companyOwner, workInvitationLink } from './support/invitations';
import { clientPasswordHash } from '../../scripts/lib/client-password-hash';
import { apiOf } from './support/api';

/**
 * a family that signs up lands on its canvas (created with the
 * signup) with the short tour, by keyboard, once (docs/product/canvas.md#canvas-tour); an
 * advisor's dashboard search matches any part of a name with accents folded, and lives in the
 * URL, so a reload keeps it (docs/product/dashboard.md#search).
 */

test.setTimeout(120_000);
test.describe.configure({ mode: 'parallel' });

test('a new family signs up and starts on its canvas with a tour it can walk by keyboard, shown once', async ({ page, inbox }) => {
  const email = uniqueEmail('newfamily');
  await page.goto('/');
  await page.getByRole('link', { name: 'Start registration' }).click();
  await page.getByRole('radio', { name: 'A family' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
  await page.getByRole('textbox', { name: 'First name' }).fill('Chidi');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Okafor Family');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(defaultPassword);
  await page.getByLabel(/^Repeat password/).fill(defaultPassword);
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  // The signup writes the family's canvas too, and the button's progress runs its course: slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({ timeout: 30_000 });

  await page.goto(appLinkIn(await waitForMail(inbox, email, 'Confirm your e-mail'), '/email-confirmation'));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/^Password/).fill(defaultPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  // The first screen is the canvas itself, not "Create canvas", and no 17-slide carousel on top.
  await expect(page).toHaveURL(/\/canvas$/, { timeout: 20_000 });
  await expect(page.getByTestId('canvas-title')).toHaveText('Okafor Family Canvas', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'The Four Abundances' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your family has no canvas yet' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Walkthrough' })).toHaveCount(0);

  const tour = page.getByRole('region', { name: 'Tour of your canvas' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Step 1 of 4');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // By keyboard: Next moves focus to the next step's heading; three times to the last step.
  await tour.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(tour.getByRole('heading', { level: 3, name: 'Sections and categories' })).toBeFocused();
  for (const title of ['Takeaways, goals and action points', 'Invite your family and advisors']) {
    await tour.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(tour.getByRole('heading', { level: 3, name: title })).toBeFocused();
  }
  await expect(tour).toContainText('Step 4 of 4');

  // On a phone it fits and passes axe too.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(tour.getByRole('button', { name: 'Start working' })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await tour.getByRole('button', { name: 'Start working' }).focus();
  await page.keyboard.press('Enter');
  await expect(tour).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Questions and takeaways' })).toBeFocused();

  // Shown once: a reload brings neither the tour nor the empty-canvas intro back.
  await page.reload();
  await expect(page.getByTestId('canvas-title')).toHaveText('Okafor Family Canvas');
  await expect(page.getByRole('region', { name: 'Tour of your canvas' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'How the canvas works' })).toHaveCount(0);
});

/** A new family the company invited: the invitee signs up with the e-mailed token and accepts with a new family of that name. */
async function familyInvitedBy(inbox: Inbox, company: BrowserContext, baseURL: string, familyName: string): Promise<void> {
  const email = uniqueEmail('invited');
  const created = await apiOf(company.request, baseURL).call('createFamilyInvitation', { body: { email } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await apiOf(company.request, baseURL).call('sendFamilyInvitationEmail', { body: { id } })).status()).toBe(200);
  const token = new URL(await workInvitationLink(inbox, email, 'family')).searchParams.get('token')!;
  const api = await playwrightRequest.newContext({ baseURL });
  const salt = randomBytes(16).toString('base64');
  const signup = await apiOf(api).call('signUp', {
    body: { firstName: 'Invited', lastName: 'Parent', email, password: clientPasswordHash(defaultPassword, salt), salt, familyInvitationToken: token },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const accepted = await apiOf(api).call('acceptFamilyInvitation', { body: { token, entityName: familyName } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await api.dispose();
}

test('an advisor searches the dashboard by any part of a name, accents folded, and a reload keeps the search', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl });
  await companyOwner(inbox, context, appUrl, { entityName: 'Search Advisors' });
  for (const name of ['Familie Müller', 'Okafor Family', 'Zoë Fischer']) await familyInvitedBy(inbox, context, appUrl, name);

  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByTestId('family-card')).toHaveCount(3);
  await expect(page.getByTestId('dashboard-count')).toHaveText('Showing all 3 families.');

  await page.getByRole('searchbox', { name: 'Search families by name' }).fill('muller');
  await expect(page).toHaveURL(/\/dashboard\?q=muller$/);
  await expect(page.getByTestId('family-card')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Familie Müller' })).toBeVisible();
  await expect(page.getByTestId('dashboard-count')).toHaveText('1 family matches.');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search families by name' })).toHaveValue('muller');
  await expect(page.getByTestId('family-card')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Familie Müller' })).toBeVisible();

  // Part of a name, with its accent typed or not.
  await page.getByRole('searchbox', { name: 'Search families by name' }).fill('fisch');
  await expect(page.getByRole('heading', { level: 2, name: 'Zoë Fischer' })).toBeVisible();
  await expect(page.getByTestId('family-card')).toHaveCount(1);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await context.close();
});
