import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { request as playwrightRequest } from '@playwright/test';
import { defaultPassword } from './support/accounts';
import { familyOwner } from './support/canvas';
import { expect, test, uniqueEmail } from './support/fixtures';
import { workInvitationLink } from './support/invitations';
import { createCanvas } from './support/work-relations';

/**
 * Defects a new user met (the ux-defects brief): a user without an organisation signs in
 * from an advisor invitation link and reaches the select page, not /no-entity; typed text
 * in a takeaway modal is not lost to Escape or a click outside.
 */

test.setTimeout(120_000);
test.describe.configure({ mode: 'parallel' });

function hashPassword(password: string, salt: string): string {
  return pbkdf2Sync(password, Buffer.from(salt, 'base64'), 10_000, 32, 'sha256').toString('base64');
}

test('a user without an organisation signs in from an advisor invitation link, accepts and lands on the family canvas', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Amara', entityName: 'Rivera' });
  const { familyId } = await createCanvas(familyContext, appUrl);
  const email = uniqueEmail('noentity');

  // The advisor is invited and signs up from the link, but never chooses a company: an account without an organisation.
  const created = await familyContext.request.post(`${appUrl}/api/advisor-invitation/create`, { data: { email, canvasSections: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await familyContext.request.post(`${appUrl}/api/advisor-invitation/send-email`, { data: { id } })).status()).toBe(200);
  const link = await workInvitationLink(inbox, email, 'advisor');
  const token = new URL(link).searchParams.get('token')!;
  const api = await playwrightRequest.newContext({ baseURL: appUrl });
  const salt = randomBytes(16).toString('base64');
  const signup = await api.post('/api/auth/signup', {
    data: { firstName: 'Noor', lastName: 'Haddad', email, password: hashPassword(defaultPassword, salt), salt, advisorInvitationToken: token },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await api.dispose();

  // A new session in a fresh browser: the e-mailed link, then Sign in.
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  let page = await advisorContext.newPage();

  await test.step('signed in without the link, the user has no organisation', async () => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel(/^Password/).fill(defaultPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/no-entity$/);
  });

  await test.step('the link leads to start; later, in a new tab, Sign in reaches the select page, not /no-entity', async () => {
    await page.goto(link);
    await expect(page).toHaveURL(/\/start$/);
    await page.close();
    page = await advisorContext.newPage();
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await page.getByLabel(/^Password/).fill(defaultPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/select-advisor-company$/);
  });

  await test.step('without choosing, /no-entity offers the invitation', async () => {
    await page.goto('/no-entity');
    await expect(page.getByTestId('pending-invitation')).toContainText('Rivera invited you');
    await page.getByRole('link', { name: 'Accept the invitation' }).click();
    await expect(page).toHaveURL(/\/select-advisor-company$/);
  });

  await test.step('a second click on the link leads through sign-in to the select page again, without a loop', async () => {
    await page.goto(link);
    await expect(page).toHaveURL(/\/start$/);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel(/^Password/).fill(defaultPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/select-advisor-company$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose an advisor company' })).toBeVisible();
  });

  await test.step('the advisor accepts with a new company and lands on the family canvas', async () => {
    await page.getByRole('textbox', { name: /Company name/ }).fill('Haddad Advisory');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page).toHaveURL(new RegExp(`/canvas/${familyId}$`));
    const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
    if (await walkthrough.isVisible()) await walkthrough.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Rivera');
  });

  await familyContext.close();
  await advisorContext.close();
});

test('typed text in a takeaway modal is not lost to Escape: the discard question appears and Keep editing keeps it', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, context, appUrl, { firstName: 'Lena', entityName: 'Moreau Family' });
  await createCanvas(context, appUrl);
  const page = await context.newPage();
  await page.goto('/canvas');
  const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
  const open = page.getByRole('link', { name: 'Open Our Values full screen' });
  await expect(open.or(walkthrough).first()).toBeVisible();
  if (await walkthrough.isVisible()) await walkthrough.getByRole('button', { name: 'Close' }).click();
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Values' })).toBeVisible();
  await page.getByRole('button', { name: 'Add takeaway' }).click();
  const dialog = page.getByRole('dialog', { name: 'New takeaway' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Trust is earned slowly');
  await page.keyboard.press('Escape');

  const question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Trust is earned slowly');

  // A click on the backdrop asks too; Discard changes closes the form.
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toHaveCount(0);
  await context.close();
});
