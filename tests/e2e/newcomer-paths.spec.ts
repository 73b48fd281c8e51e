import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type Locator } from '@playwright/test';
import { appLinkIn, defaultPassword, waitForMail } from './support/accounts';
import { familyOwner } from './support/canvas';
import { expect, test, uniqueEmail } from './support/fixtures';
import { workInvitationLink } from './support/invitations';
import { createCanvas } from './support/work-relations';
import { clientPasswordHash } from '../../scripts/lib/client-password-hash';
import { apiOf } from './support/api';

/**
 * Defects a new user met (the ux-defects brief): a user without an organisation signs in
 * from an advisor invitation link and reaches the select page, not /no-entity; typed text
 * in a takeaway modal is not lost to Escape or a click outside; a cancelled invitation says
 * so; the reset page checks its link on open; tables fit a phone.
 */

test.setTimeout(120_000);
test.describe.configure({ mode: 'parallel' });

test('a user without an organisation signs in from an advisor invitation link, accepts and lands on the family canvas', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Amara', entityName: 'Rivera' });
  const { familyId } = await createCanvas(familyContext, appUrl);
  const email = uniqueEmail('noentity');

  // The advisor is invited and signs up from the link, but never chooses a company: an account without an organisation.
  const created = await apiOf(familyContext.request, appUrl).call('createAdvisorInvitation', { body: { email, canvasSections: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await apiOf(familyContext.request, appUrl).call('sendAdvisorInvitationEmail', { body: { id } })).status()).toBe(200);
  const link = await workInvitationLink(inbox, email, 'advisor');
  const token = new URL(link).searchParams.get('token')!;
  const api = await playwrightRequest.newContext({ baseURL: appUrl });
  const salt = randomBytes(16).toString('base64');
  const signup = await apiOf(api).call('signUp', {
    body: { firstName: 'Noor', lastName: 'Haddad', email, password: clientPasswordHash(defaultPassword, salt), salt, advisorInvitationToken: token },
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
  // The dialog has settled (it moves focus to its first field once it has mounted, as it starts listening for Escape).
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
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

test('a cancelled invitation link says the sender cancelled it, for a member and an advisor invitation (defect 7)', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Ines', entityName: 'Duarte Family' });
  await createCanvas(familyContext, appUrl);

  // A member invitation, e-mailed and then cancelled by the owner.
  const memberEmail = uniqueEmail('cancelled-member');
  const member = await apiOf(familyContext.request, appUrl).call('createMemberInvitation', { body: { email: memberEmail, entityRoleId: 3 } });
  expect(member.status(), await member.text()).toBe(201);
  const { id: memberInvitationId } = (await member.json()) as { id: string };
  expect((await apiOf(familyContext.request, appUrl).call('sendMemberInvitationEmail', { body: { id: memberInvitationId } })).status()).toBe(200);
  const memberLink = appLinkIn(await waitForMail(inbox, memberEmail, 'invites you to'), '/member-invitation');
  expect((await apiOf(familyContext.request, appUrl).call('revokeMemberInvitation', { params: { id: memberInvitationId } })).status()).toBe(204);

  // An advisor invitation, the same way.
  const advisorEmail = uniqueEmail('cancelled-advisor');
  const advisor = await apiOf(familyContext.request, appUrl).call('createAdvisorInvitation', { body: { email: advisorEmail, canvasSections: [] } });
  expect(advisor.status(), await advisor.text()).toBe(201);
  const { id: advisorInvitationId } = (await advisor.json()) as { id: string };
  expect((await apiOf(familyContext.request, appUrl).call('sendAdvisorInvitationEmail', { body: { id: advisorInvitationId } })).status()).toBe(200);
  const advisorLink = await workInvitationLink(inbox, advisorEmail, 'advisor');
  expect((await apiOf(familyContext.request, appUrl).call('revokeAdvisorInvitation', { params: { id: advisorInvitationId } })).status()).toBe(204);

  const visitor = await browser.newContext({ baseURL: appUrl });
  const page = await visitor.newPage();
  await page.goto(memberLink);
  const memberPanel = page.getByTestId('invitation-cancelled');
  await expect(memberPanel).toContainText('This invitation was cancelled');
  await expect(memberPanel).toContainText('cancelled by the sender');
  await expect(page.getByText(/expired/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();

  await page.goto(advisorLink);
  const advisorMessage = page.getByTestId('invitation-landing-message');
  await expect(advisorMessage).toContainText('This invitation was cancelled');
  await expect(advisorMessage).not.toContainText(/expired/i);
  // Nothing was recorded to accept later: the visitor stays on the landing page.
  await expect(page).toHaveURL(/\/advisor-invitation\?token=/);
  await Promise.all([familyContext.close(), visitor.close()]);
});

test('the reset-password page checks its link when it opens: a used or forged link says so before any password is typed (defect 7)', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl });
  const { account } = await familyOwner(inbox, context, appUrl, { firstName: 'Rosa', entityName: 'Lind Family' });
  const api = await playwrightRequest.newContext({ baseURL: appUrl });
  expect((await apiOf(api).call('sendReset', { body: { email: account.email } })).status()).toBe(200);
  const link = appLinkIn(await waitForMail(inbox, account.email, 'Reset your'), '/reset-password');
  const page = await context.newPage();

  // A usable link: the form, and opening it used nothing up.
  await page.goto(link);
  await expect(page.getByLabel(/^New password/)).toBeVisible();
  await page.goto(link);
  await expect(page.getByLabel(/^New password/)).toBeVisible();

  // Used elsewhere (another tab, the API): on opening, the page says the link is not valid, offers a new one, shows no form.
  const url = new URL(link);
  const salt = randomBytes(16).toString('base64');
  const reset = await apiOf(api).call('resetPassword', {
    body: { email: url.searchParams.get('email')!, token: url.searchParams.get('token')!, password: clientPasswordHash('Other-Secret8', salt), salt },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/reset$/);

  // A forged token: the same.
  await page.goto(`/reset-password?email=${encodeURIComponent(account.email)}&token=forged-token`);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await api.dispose();
  await context.close();
});

/** How many lines an element's text takes: its text boxes, one row of them per line. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect: { top: number }) => Math.round(rect.top))).size;
  });
}

test('lists fit a 375 px phone: the page does not overflow, a table becomes cards with their actions (docs/product/shell.md "Tables on phones"); on a desktop an e-mail stays on one line (defect 10)', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 800 } });
  await familyOwner(inbox, context, appUrl, { firstName: 'Tomas', entityName: 'Berg Family' });
  const longEmail = uniqueEmail('a-rather-long-address-for-a-phone-screen');
  const created = await apiOf(context.request, appUrl).call('createMemberInvitation', { body: { email: longEmail, entityRoleId: 3 } });
  expect(created.status(), await created.text()).toBe(201);
  const page = await context.newPage();

  await page.goto('/family-member-invitations');
  // Below 640 px the invitations are cards, their actions in view, the long address wrapping inside.
  const card = page
    .getByRole('list', { name: 'Member invitations' })
    .getByRole('listitem')
    .filter({ hasText: longEmail.slice(0, 12) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: /Resend the invitation to/ })).toBeVisible();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  await page.goto('/my-family?tab=members');
  await expect(page.getByRole('list', { name: 'Members of Berg Family' })).toBeVisible();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  // On a desktop the address is one line, not broken mid-word.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/family-member-invitations');
  const cell = page.getByRole('rowheader', { name: longEmail });
  await expect(cell).toBeVisible();
  await expect(cell).toHaveCSS('white-space', 'nowrap');
  await expect(cell).toHaveCSS('word-break', 'normal');
  expect(await linesOf(cell)).toBe(1);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
  await context.close();
});
