import type { Page } from '@playwright/test';
import { createConfirmedAccount, defaultPassword } from './support/accounts';
import { familyOwner } from './support/canvas';
import { expect, seriousAccessibilityViolations, test, uniqueEmail } from './support/fixtures';
import { companyOwner, dashboardFamilies, workInvitationLink } from './support/invitations';
import { createCanvas } from './support/work-relations';

/**
 * Family and advisor invitations (docs/product/invitations.md#invitation-pages, #rules, docs/product/errors.md#invitations-errors; docs/product/invitations.md#screens, docs/product/sessions-and-sign-in.md#after-login,
 * docs/product/accounts.md#signup) through the UI, in separate browser contexts: a family invites an advisor limited
 * to one section, the advisor signs up from the e-mailed link and creates a company; an
 * advisor company invites an existing family owner, who logs in and accepts with the
 * family; broken links land on the right pages.
 */

test.setTimeout(120_000);
test.describe.configure({ mode: 'parallel' });

/** A toast: success toasts are polite (status), error toasts assertive (alert). */
async function expectToast(page: Page, text: string) {
  await expect(
    page
      .getByRole('status', { includeHidden: true })
      .or(page.getByRole('alert', { includeHidden: true }))
      .filter({ hasText: text })
      .first(),
  ).toBeVisible();
}

/** Nothing wider than the window (the page works at 375 px). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a family invites an advisor to one section; the advisor signs up from the e-mail, creates a company and sees the family', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Amara', entityName: 'Okafor Family' });
  const { familyId, sections } = await createCanvas(familyContext, appUrl);
  const abundances = sections.find((section) => section.title === 'The Four Abundances')!;
  const advisorEmail = uniqueEmail('henry');
  const familyPage = await familyContext.newPage();
  const advisorPage = await advisorContext.newPage();

  await test.step('the family owner invites the advisor with the section the route preselects', async () => {
    await familyPage.goto(`/invite-company/${abundances.id}`);
    await expect(familyPage.getByRole('heading', { level: 1, name: 'Invite an advisor company' })).toBeVisible();
    await expect(familyPage.getByRole('textbox', { name: 'Family', exact: true })).toHaveValue('Okafor Family');
    await expect(familyPage.getByRole('textbox', { name: 'Canvas', exact: true })).toHaveValue('Okafor Family Canvas');
    // The sections show inline (Select all / Clear, as on the canvas rights tab); the preselected one is the only one chosen.
    const sections = familyPage.getByRole('group', { name: 'Canvas sections to share' });
    await expect(sections.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(sections.getByRole('checkbox', { name: 'The Four Abundances' })).toBeChecked();
    await sections.getByRole('button', { name: 'Select all' }).click();
    await expect(sections.getByRole('checkbox', { checked: false })).toHaveCount(0);
    await sections.getByRole('button', { name: 'Clear' }).click();
    // Space on a focused checkbox toggles it, from the keyboard too.
    await sections.getByRole('checkbox', { name: 'The Four Abundances' }).focus();
    await familyPage.keyboard.press('Space');
    await expect(sections.getByRole('checkbox', { checked: true })).toHaveCount(1);

    const email = familyPage.getByRole('textbox', { name: /E-mail of the advisor/ });
    const send = familyPage.getByRole('button', { name: 'Send invitation' });
    await email.fill('henry@');
    await expect(familyPage.getByText('Please enter a valid e-mail address.')).toBeVisible();
    await expect(send).toBeDisabled();
    await email.fill(advisorEmail);
    await send.click();
    await expectToast(familyPage, `Okafor Family invited ${advisorEmail} to work together on the canvas.`);
    await expect(email).toHaveValue('');

    const row = familyPage.getByTestId('advisor-invitations').getByRole('row').filter({ hasText: advisorEmail });
    await expect(row).toContainText('The Four Abundances');
    await expect(row).toContainText('Amara Lovelace');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await row.getByRole('button', { name: `Show the actions for the invitation to ${advisorEmail}` }).click();
    await expect(familyPage.getByTestId('invitation-actions')).toContainText('Do you want to send the e-mail again?');
    await expect(familyPage.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
    await expect(familyPage.getByRole('button', { name: 'Cancel invitation' })).toBeVisible();
    expect(await seriousAccessibilityViolations(familyPage)).toEqual([]);

    await familyPage.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(familyPage);
    expect(await seriousAccessibilityViolations(familyPage)).toEqual([]);
  });

  await test.step('the advisor opens the e-mailed link and sees the invitation', async () => {
    await advisorPage.goto(await workInvitationLink(inbox, advisorEmail, 'advisor'));
    await expect(advisorPage).toHaveURL(/\/start$/);
    await expect(advisorPage.getByTestId('invitation-text')).toContainText('Okafor Family invites you to work together on Family Canvas.');
    await expect(advisorPage.getByTestId('invitation-text')).toContainText('Shared sections: The Four Abundances.');
  });

  await test.step('the advisor signs up with the invited address, without an entity', async () => {
    await advisorPage.getByRole('link', { name: 'Start registration' }).click();
    await expect(advisorPage.getByTestId('invitation-banner')).toContainText(`Register with ${advisorEmail}`);
    await expect(advisorPage.getByRole('radio')).toHaveCount(0);
    const email = advisorPage.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveValue(advisorEmail);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(advisorPage.getByRole('textbox', { name: /Company name|Family name/ })).toHaveCount(0);
    await advisorPage.getByRole('textbox', { name: 'First name' }).fill('Henry');
    await advisorPage.getByRole('textbox', { name: 'Last name' }).fill('Adeyemi');
    await advisorPage.getByLabel(/^Password/).fill(defaultPassword);
    await advisorPage.getByLabel(/^Repeat password/).fill(defaultPassword);
    await advisorPage.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await advisorPage.getByRole('button', { name: 'Register' }).click();
    await expect(advisorPage).toHaveURL(/\/select-advisor-company$/);
  });

  await test.step('the advisor creates a new company and lands on the family canvas', async () => {
    await expect(advisorPage.getByRole('heading', { level: 1, name: 'Choose an advisor company' })).toBeVisible();
    await expect(advisorPage.getByText('Shared sections: The Four Abundances.')).toBeVisible();
    const choice = advisorPage.getByRole('combobox', { name: /Advisor company/ });
    await expect(choice).toHaveValue('new');
    const accept = advisorPage.getByRole('button', { name: 'Accept invitation' });
    await expect(accept).toBeDisabled();
    await advisorPage.getByRole('textbox', { name: /Company name/ }).fill('Adeyemi Partners');
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
    await accept.click();
    // The advisor lands on the inviting family's canvas (its shared section).
    await expect(advisorPage).toHaveURL(new RegExp(`/canvas/${familyId}$`));
    await expectToast(advisorPage, 'Adeyemi Partners now works together with Okafor Family.');
  });

  await test.step('the first visit opens the walkthrough with the advisor slides', async () => {
    const walkthrough = advisorPage.getByRole('dialog', { name: 'Walkthrough' });
    await expect(walkthrough).toBeVisible();
    await expect(walkthrough.getByRole('heading', { name: 'Welcome, advisor' })).toBeVisible();
    // The owner of the new company sees all 12 advisor slides.
    await expect(walkthrough.getByRole('button', { name: /^Go to slide/ })).toHaveCount(12);
    await advisorPage.keyboard.press('ArrowRight');
    await expect(walkthrough.getByRole('heading', { name: 'Your dashboard' })).toBeVisible();
    await expect(walkthrough.getByRole('group', { name: '2 of 12' })).toBeVisible();
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
    await walkthrough.getByRole('button', { name: 'Close' }).click();
    await expect(walkthrough).toHaveCount(0);
  });

  await test.step('the dashboard shows the family with the one shared section', async () => {
    await advisorPage.goto('/dashboard');
    await expect(advisorPage.getByTestId('entity-switcher')).toHaveText(/Adeyemi Partners/);
    await expect(advisorPage.getByRole('article', { name: 'Okafor Family' })).toBeVisible();
    const families = await dashboardFamilies(advisorContext.request, appUrl);
    expect(families.map((family) => family.id)).toEqual([familyId]);
    expect(families[0]?.canvas?.sections.map((section) => section.title)).toEqual(['The Four Abundances']);
  });

  await test.step('the family sees the invitation accepted, with a link to its advisors', async () => {
    await familyPage.setViewportSize({ width: 1280, height: 800 });
    await familyPage.reload();
    const row = familyPage.getByTestId('advisor-invitations').getByRole('row').filter({ hasText: advisorEmail });
    await expect(row).toContainText('Accepted');
    await row.dblclick();
    await expect(familyPage.getByTestId('invitation-actions')).toContainText('the advisor company now works with your family');
    await expect(familyPage.getByRole('button', { name: 'Resend invitation' })).toHaveCount(0);
    await expect(familyPage.getByRole('link', { name: 'See your advisors' })).toHaveAttribute('href', '/companies');
  });

  await familyContext.close();
  await advisorContext.close();
});

test('an advisor company invites an existing family owner, who logs in from the link and accepts with the family', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const companyContext = await browser.newContext({ baseURL: appUrl });
  const familyContext = await browser.newContext({ baseURL: appUrl });
  await companyOwner(inbox, companyContext, appUrl, { firstName: 'Nadia', entityName: 'Northwind Advisors' });
  const family = await createConfirmedAccount(inbox, { firstName: 'Grace', entityName: 'Okoye Family' });
  const companyPage = await companyContext.newPage();
  const familyPage = await familyContext.newPage();

  await test.step('the company invites the family from the invite family page', async () => {
    await companyPage.goto('/invite-family');
    await expect(companyPage.getByRole('heading', { level: 1, name: 'Invite a family' })).toBeVisible();
    await expect(companyPage.getByText('No invitations yet.')).toBeVisible();
    expect(await seriousAccessibilityViolations(companyPage)).toEqual([]);
    await companyPage.getByRole('textbox', { name: /E-mail of the family/ }).fill(family.email);
    await companyPage.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(companyPage, `Northwind Advisors invited ${family.email} to work together.`);
    const row = companyPage.getByTestId('family-invitations').getByRole('row').filter({ hasText: family.email });
    await expect(row).toContainText('Pending');
    // A second invitation to the same address while the first is pending is refused.
    await companyPage.getByRole('textbox', { name: /E-mail of the family/ }).fill(family.email);
    await companyPage.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(companyPage, 'An invitation to this e-mail address is still pending.');
    expect(await seriousAccessibilityViolations(companyPage)).toEqual([]);
  });

  await test.step('the family owner opens the link and logs in with the locked address', async () => {
    await familyPage.goto(await workInvitationLink(inbox, family.email, 'family'));
    await expect(familyPage.getByTestId('invitation-text')).toContainText('Northwind Advisors invites you to work together on Family Canvas.');
    await familyPage.getByRole('link', { name: 'Sign in' }).click();
    await expect(familyPage).toHaveURL(/\/login$/);
    const email = familyPage.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveValue(family.email);
    await expect(email).toHaveAttribute('readonly', '');
    await familyPage.getByLabel(/^Password/).fill(family.password);
    const login = familyPage.getByRole('button', { name: 'Login', exact: true });
    await expect(login).toBeEnabled();
    await login.click();
    await expect(familyPage).toHaveURL(/\/select-family$/);
  });

  await test.step('the owner accepts with the existing family and goes to its canvas', async () => {
    const choice = familyPage.getByRole('combobox', { name: /Family/ });
    await expect(choice).toHaveValue(/^\d+$/);
    await expect(choice.locator('option:checked')).toHaveText('Okoye Family');
    // "Create new" asks for the names, with the canvas name following the family name.
    await choice.selectOption('new');
    await familyPage.getByRole('textbox', { name: /Family name/ }).fill('Second Family');
    await expect(familyPage.getByRole('textbox', { name: /Canvas name/ })).toHaveValue('Second Family Canvas');
    await choice.selectOption({ label: 'Okoye Family' });
    await expect(familyPage.getByRole('textbox', { name: /Canvas name/ })).toHaveCount(0);
    await familyPage.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(familyPage);
    expect(await seriousAccessibilityViolations(familyPage)).toEqual([]);
    await familyPage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(familyPage).toHaveURL(/\/canvas$/);
    await expectToast(familyPage, 'Okoye Family now works together with Northwind Advisors.');
  });

  await test.step('a first login shows the canvas tour; the family walkthrough, from the header, fits a phone', async () => {
    // A family's first login starts on the canvas tour, not the carousel (docs/product/canvas.md#canvas-tour).
    await expect(familyPage.getByRole('region', { name: 'Tour of your canvas' })).toBeVisible();
    const walkthrough = familyPage.getByRole('dialog', { name: 'Walkthrough' });
    await expect(walkthrough).toHaveCount(0);
    await familyPage.getByRole('button', { name: 'Walkthrough' }).click();
    await expect(walkthrough.getByRole('heading', { name: 'Welcome to your family canvas' })).toBeVisible();
    // On a phone the 17 dots show where the reader is (no 24 px targets fit in one row); Previous and Next move.
    await expect(walkthrough.getByTestId('walkthrough-dot-mark')).toHaveCount(17);
    await expect(walkthrough.getByRole('button', { name: /^Go to slide/ })).toHaveCount(0);
    await expectNoSidewaysScroll(familyPage);
    expect(await seriousAccessibilityViolations(familyPage)).toEqual([]);
    // Not continuous: Previous on the first slide stays there.
    await expect(walkthrough.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await familyPage.keyboard.press('ArrowLeft');
    await expect(walkthrough.getByRole('group', { name: '1 of 17' })).toBeVisible();
    // A slide's button closes the walkthrough and leads on.
    await walkthrough.getByRole('button', { name: 'Learn more' }).click();
    await expect(familyPage).toHaveURL(/\/about-app$/);
    await expect(walkthrough).toHaveCount(0);
  });

  await test.step('the company sees the invitation accepted', async () => {
    await companyPage.reload();
    const row = companyPage.getByTestId('family-invitations').getByRole('row').filter({ hasText: family.email });
    await expect(row).toContainText('Accepted');
  });

  await companyContext.close();
  await familyContext.close();
});

test('invitation links without a token, or with a dead one, end on the right page', async ({ page }) => {
  await page.goto('/advisor-invitation');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  await page.goto('/family-invitation?token=no-such-token');
  await expect(page.getByRole('heading', { name: 'This invitation has expired' })).toBeVisible();
  await expect(page.getByText('Please ask the sender to resend the invitation.')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Without an invitation in the tab the select page says so.
  await page.goto('/select-family');
  await expect(page).toHaveURL(/\/login$/);
});
