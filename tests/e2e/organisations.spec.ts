import type { Page } from '@playwright/test';
import { appLinkIn, createConfirmedAccount, defaultPassword, waitForMail } from './support/accounts';
import { challengeAnswer, signInContext } from './support/canvas';
import { expect, seriousAccessibilityViolations, test, uniqueEmail } from './support/fixtures';
import { apiOf } from './support/api';

/**
 * Organisations of docs/product/organisations-and-members.md as people use them: an owner invites a colleague by e-mail;
 * the colleague opens the e-mailed link in their own browser, signs up and is in; the
 * owner finds them among the members, changes their rights, and cannot remove themselves
 * as the last owner. The pages pass axe and fit a phone.
 */

test.setTimeout(90_000);

async function expectToast(page: Page, text: string | RegExp) {
  // A first login opens the walkthrough, a modal that hides the rest of the page from the
  // accessibility tree while the toast stays on screen: look for it among hidden nodes too.
  await expect(page.getByRole('status', { includeHidden: true }).filter({ hasText: text }).first()).toBeVisible();
}

/** Closes the walkthrough a first visit opens, if it is open. */
async function closeWalkthrough(page: Page) {
  const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
  if (await walkthrough.isVisible()) await walkthrough.getByRole('button', { name: 'Close' }).first().click();
}

function memberRow(page: Page, name: string) {
  return page.getByTestId('member-row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
}

test('an owner invites a colleague, who signs up from the e-mail; the owner changes their rights and stays the last owner', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const colleagueContext = await browser.newContext({ baseURL: appUrl });
  const owner = await createConfirmedAccount(inbox, { firstName: 'Ada', entityName: 'Lovelace Family' });
  await signInContext(ownerContext, appUrl, owner.email, owner.password);
  const ownerPage = await ownerContext.newPage();
  const colleaguePage = await colleagueContext.newPage();
  const colleagueEmail = uniqueEmail('grace');

  await test.step('the owner invites the colleague from the members page', async () => {
    await ownerPage.goto('/my-family');
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'My family' })).toBeVisible();
    await ownerPage.getByRole('link', { name: 'Invite members' }).click();
    await expect(ownerPage).toHaveURL(/\/family-member-invitations$/);
    await expect(ownerPage.getByText('No invitations yet.')).toBeVisible();

    await ownerPage.getByRole('textbox', { name: 'E-mail' }).fill(colleagueEmail);
    await ownerPage.getByRole('combobox', { name: 'Member rights' }).selectOption({ label: 'Full member' });
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(ownerPage, `Invitation sent to ${colleagueEmail}.`);
    const row = ownerPage.getByTestId('invitation-row').filter({ hasText: colleagueEmail });
    await expect(row).toContainText('Full member');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Ada Lovelace');
    expect(await seriousAccessibilityViolations(ownerPage)).toEqual([]);
  });

  await test.step('the colleague opens the e-mailed link, signs up and lands in the family', async () => {
    const link = appLinkIn(await waitForMail(inbox, colleagueEmail, 'invites you to'), '/member-invitation');
    await colleaguePage.goto(link);
    await expect(colleaguePage).toHaveURL(/\/start$/);
    await expect(colleaguePage.getByTestId('invitation-text')).toContainText('You have been invited to join Lovelace Family');
    await colleaguePage.getByRole('link', { name: 'Start registration' }).click();

    // Straight to the form: no type, no family name, the invited address locked.
    await expect(colleaguePage.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(colleaguePage.getByRole('radio', { name: 'A family' })).toHaveCount(0);
    await expect(colleaguePage.getByRole('textbox', { name: 'Family name' })).toHaveCount(0);
    const email = colleaguePage.getByRole('textbox', { name: /^E-mail/ });
    await expect(email).toHaveValue(colleagueEmail);
    await expect(email).toHaveAttribute('readonly', '');

    await colleaguePage.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await colleaguePage.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await colleaguePage.getByLabel(/^Password/).fill(defaultPassword);
    await colleaguePage.getByLabel(/^Repeat password/).fill(defaultPassword);
    await colleaguePage.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await colleaguePage.getByRole('button', { name: 'Register' }).click();

    await expect(colleaguePage).toHaveURL(/\/canvas$/);
    await expectToast(colleaguePage, 'You have joined Lovelace Family.');
    await expect(colleaguePage.getByTestId('entity-switcher')).toHaveText(/Lovelace Family/);
  });

  await test.step('the owner finds the colleague among the members with the invited rights', async () => {
    await ownerPage.goto('/family-member-invitations');
    await expect(ownerPage.getByTestId('invitation-row').filter({ hasText: colleagueEmail })).toContainText('Accepted');
    await ownerPage.goto('/my-family');
    await ownerPage.getByRole('tab', { name: 'Members' }).click();
    await expect(memberRow(ownerPage, 'Grace Hopper')).toContainText('Full member');
    await expect(memberRow(ownerPage, 'Grace Hopper')).toContainText(colleagueEmail);
  });

  await test.step('the owner changes the colleague’s rights and position', async () => {
    await ownerPage.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    await expect(ownerPage).toHaveURL(/member=/);
    const dialog = ownerPage.getByRole('dialog', { name: 'Edit member' });
    await dialog.getByRole('combobox', { name: /Member rights/ }).selectOption({ label: 'Limited member' });
    await dialog.getByRole('textbox', { name: /Position/ }).fill('Treasurer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(ownerPage, 'The member has been saved.');
    await expect(dialog).toBeHidden();
    await expect(memberRow(ownerPage, 'Grace Hopper')).toContainText('Limited member');
    await expect(memberRow(ownerPage, 'Grace Hopper')).toContainText('Treasurer');
  });

  await test.step('the owner cannot remove themselves as the last owner, nor give up the role', async () => {
    await ownerPage.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Edit member' });
    await dialog.getByRole('button', { name: 'Remove from organisation' }).click();
    const warning = ownerPage.getByRole('dialog', { name: 'Not possible yet' });
    await expect(warning).toContainText('This is the last owner and cannot be removed.');
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(warning).toBeHidden();

    await dialog.getByRole('combobox', { name: /Member rights/ }).selectOption({ label: 'Admin' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(warning).toContainText('This is the last owner. Make another member an owner first');
    await warning.getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(memberRow(ownerPage, 'Ada Lovelace')).toContainText('Owner');
  });

  await test.step('the colleague, now a limited member, sees the members read-only', async () => {
    // The server refreshed the colleague's session with the new role; a reload picks it up.
    await colleaguePage.goto('/my-family?tab=members');
    await closeWalkthrough(colleaguePage);
    await expect(memberRow(colleaguePage, 'Ada Lovelace')).toBeVisible();
    await expect(colleaguePage.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(colleaguePage.getByRole('link', { name: 'Invite members' })).toHaveCount(0);
    await colleaguePage.getByRole('button', { name: 'Open Ada Lovelace' }).click();
    const dialog = colleaguePage.getByRole('dialog', { name: 'Member' });
    await expect(dialog).toContainText('Owner (full canvas access)');
    await expect(dialog.getByRole('combobox')).toHaveCount(0);
  });

  await ownerContext.close();
  await colleagueContext.close();
});

test('an owner cancels an invitation behind the confirm dialog; a cancelled link says the sender cancelled it', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl });
  const owner = await createConfirmedAccount(inbox, { firstName: 'Ada', entityName: 'Lovelace Family' });
  await signInContext(context, appUrl, owner.email, owner.password);
  const page = await context.newPage();
  const email = uniqueEmail('cancelled');

  await page.goto('/family-member-invitations');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('combobox', { name: 'Member rights' }).selectOption({ label: 'Limited member' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${email}.`);
  const link = appLinkIn(await waitForMail(inbox, email, 'invites you to'), '/member-invitation');

  await page.getByRole('button', { name: `Cancel the invitation to ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the invitation?' });
  const challenge = confirm.getByRole('textbox', { name: /type the result of/ });
  await challenge.fill(challengeAnswer((await challenge.getAttribute('aria-label')) ?? (await confirm.getByText(/type the result of/).textContent()) ?? ''));
  await confirm.getByRole('button', { name: 'Cancel invitation' }).click();
  await expectToast(page, `The invitation to ${email} has been cancelled.`);
  await expect(page.getByText('No invitations yet.')).toBeVisible();

  // Leaving the page closes its toasts.
  await page.getByRole('link', { name: 'Family Canvas' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'has been cancelled' })).toHaveCount(0);

  const visitor = await browser.newPage({ baseURL: appUrl });
  await visitor.goto(link);
  await expect(visitor.getByTestId('invitation-cancelled')).toContainText('cancelled by the sender');
  await visitor.getByRole('link', { name: 'Back to home' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.goto('/member-invitation');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await context.close();
});

test('a signed-in user joins a family through an invitation when logging in', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const owner = await createConfirmedAccount(inbox, { firstName: 'Ada', entityName: 'Lovelace Family' });
  const invitee = await createConfirmedAccount(inbox, { firstName: 'Charles', entityName: 'Babbage Family' });
  await signInContext(ownerContext, appUrl, owner.email, owner.password);
  const created = await apiOf(ownerContext.request, appUrl).call('createMemberInvitation', { body: { email: invitee.email, entityRoleId: 2 } });
  const { id } = (await created.json()) as { id: string };
  await apiOf(ownerContext.request, appUrl).call('sendMemberInvitationEmail', { body: { id } });
  const link = appLinkIn(await waitForMail(inbox, invitee.email, 'invites you to'), '/member-invitation');

  const page = await browser.newPage({ baseURL: appUrl });
  await page.goto(link);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByTestId('invitation-banner')).toContainText('Log in to join Lovelace Family.');
  const email = page.getByRole('textbox', { name: /^E-mail/ });
  await expect(email).toHaveValue(invitee.email);
  await expect(email).toHaveAttribute('readonly', '');
  await page.getByLabel(/^Password/).fill(invitee.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/canvas$/);
  await expectToast(page, 'You have joined Lovelace Family.');
  await closeWalkthrough(page);
  // Both families are the invitee's now, the invited one current.
  await page.goto('/profile?tab=member-rights');
  const rows = page.getByTestId('member-rights-row');
  await expect(rows.filter({ hasText: 'Lovelace Family' })).toContainText('Admin');
  await expect(rows.filter({ hasText: 'Lovelace Family' })).toContainText('current');
  await expect(rows.filter({ hasText: 'Babbage Family' })).toContainText('Owner');
  await ownerContext.close();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('my family and the profile fit a phone and pass axe', async ({ browser, inbox, baseURL }) => {
    const appUrl = baseURL!;
    const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 740 } });
    const owner = await createConfirmedAccount(inbox, { firstName: 'Ada', entityName: 'Lovelace Family' });
    await signInContext(context, appUrl, owner.email, owner.password);
    const page = await context.newPage();
    const fits = async () => expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    await page.goto('/my-family');
    await expect(page.getByRole('textbox', { name: /Family name/ })).toHaveValue('Lovelace Family');
    await fits();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    for (const tab of ['Owners', 'Members']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
      await fits();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }

    // The invitations page with one invitation in its table.
    await page.goto('/family-member-invitations');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('phone'));
    await page.getByRole('combobox', { name: 'Member rights' }).selectOption({ label: 'Full member' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('invitation-row')).toHaveCount(1);
    await fits();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The profile: save a change with the keyboard, then every tab.
    await page.goto('/profile');
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await phone.fill('+44 20 7946 0000');
    await phone.press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Your profile has been saved.');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await fits();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    for (const tab of ['2 Password', '3 Member rights', '5 Privacy settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await fits();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await page.getByRole('combobox', { name: 'E-mail' }).selectOption({ label: 'Only me' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Your privacy settings have been saved.');
    await context.close();
  });

  test('a user creates a second organisation, an advisor company, and switches to it', async ({ browser, inbox, baseURL }) => {
    const appUrl = baseURL!;
    const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 740 } });
    const owner = await createConfirmedAccount(inbox, { firstName: 'Ada', entityName: 'Lovelace Family' });
    await signInContext(context, appUrl, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto('/create-entity');
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await page.getByRole('radio', { name: 'An advisor company' }).check();
    await next.click();
    await page.getByRole('textbox', { name: /Company name/ }).fill('Babbage Advisors');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Your company has been created.');
    await page.goto('/my-company');
    await expect(page.getByRole('heading', { level: 1, name: 'My company' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveValue('Babbage Advisors');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await context.close();
  });
});
