import type { Page } from '@playwright/test';
import { expect, seriousAccessibilityViolations, test, uniqueEmail } from './support/fixtures';
import { familyOwner } from './support/canvas';
import { closeWalkthrough } from './support/history';
import { advisorCompanyInvitedBy, createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

// The machine that runs these may be slow: the first state of each page is waited for up to 30 s (a bound, not a delay).

/**
 * Tables on a phone (docs/product/shell.md "Tables on phones"): at
 * 375×812 the invitation lists, the members list, the advisor tables and the access log are
 * cards whose actions are visible buttons, with no axe violation; My family's first tab is in
 * view. With SCREENSHOTS=1 the cards are saved to docs/screenshots/phone-cards-*.png.
 */

test.setTimeout(150_000);

async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: `docs/screenshots/phone-cards-${name}.png`, fullPage: true });
}

test('a family owner on a phone sees invitations, members, advisors and the access log as cards with their actions', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Paula', entityName: 'Pocket Family' });
  const { familyId, sections } = await createCanvas(ownerContext, appUrl);
  await advisorCompanyInvitedBy(inbox, ownerContext, advisorContext, appUrl, {
    canvasSections: [sections[0]!.id],
    companyName: 'Palm Advisors',
    firstName: 'Pedro',
    lastName: 'Reader',
  });
  // The advisor reads the canvas (the access log's visit); one advisor and one member invitation stay pending.
  expect((await apiOf(advisorContext.request, appUrl).call('getCanvas', { params: { familyId } })).status()).toBe(200);
  const advisorInvitation = await apiOf(ownerContext.request, appUrl).call('createAdvisorInvitation', {
    body: { email: uniqueEmail('pending-advisor'), canvasSections: [] },
  });
  expect(advisorInvitation.status(), await advisorInvitation.text()).toBe(201);
  const memberInvitation = await apiOf(ownerContext.request, appUrl).call('createMemberInvitation', {
    body: { email: uniqueEmail('pending-member'), entityRoleId: 3 },
  });
  expect(memberInvitation.status(), await memberInvitation.text()).toBe(201);

  const page = await ownerContext.newPage();

  await test.step('advisor invitations: cards with status, Resend and Cancel', async () => {
    await page.goto('/invite-company');
    await closeWalkthrough(page);
    const cards = page.getByRole('list', { name: 'Advisor invitations' });
    await expect(cards).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Advisor invitations' })).toHaveCount(0);
    const pending = cards.getByRole('listitem').filter({ hasText: 'pending-advisor' });
    await expect(pending.getByText('Pending', { exact: true })).toBeVisible();
    await expect(pending.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
    await expect(pending.getByRole('button', { name: 'Cancel invitation' })).toBeVisible();
    await expect(page.getByText(/Double-click/)).toHaveCount(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'advisor-invitations');
  });

  await test.step('member invitations: cards with Resend and Cancel', async () => {
    await page.goto('/family-member-invitations');
    await closeWalkthrough(page);
    const cards = page.getByRole('list', { name: 'Member invitations' });
    await expect(cards).toBeVisible({ timeout: 30_000 });
    const pending = cards.getByRole('listitem').filter({ hasText: 'pending-member' });
    await expect(pending.getByRole('button', { name: /Resend the invitation to/ })).toBeVisible();
    await expect(pending.getByRole('button', { name: /Cancel the invitation to/ })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'member-invitations');
  });

  await test.step('members: the first tab in view, a card per member with Edit', async () => {
    await page.goto('/my-family?tab=members');
    await closeWalkthrough(page);
    await expect(page.getByRole('tab', { name: 'General' })).toBeInViewport({ timeout: 30_000 });
    const cards = page.getByRole('list', { name: /Members of Pocket Family/ });
    await expect(cards).toBeVisible({ timeout: 30_000 });
    await expect(
      cards
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /Edit Paula/ }),
    ).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'members');
  });

  await test.step('the access log: a card per visit', async () => {
    await page.goto('/my-family?tab=advisor-access');
    await closeWalkthrough(page);
    const cards = page.getByRole('list', { name: 'Advisor access to the canvas' });
    const visit = cards.getByRole('listitem').filter({ hasText: 'Pedro Reader' });
    await expect(visit).toBeVisible({ timeout: 30_000 });
    await expect(visit).toContainText('Palm Advisors');
    await expect(visit).toContainText(sections[0]!.title);
    await expect(page.getByRole('button', { name: 'Choose From from a calendar' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'access-log');
  });

  await test.step('advisors: company and advisor cards with their buttons', async () => {
    await page.goto('/companies');
    await closeWalkthrough(page);
    const companies = page.getByTestId('companies-table');
    await expect(companies.getByRole('listitem').filter({ hasText: 'Palm Advisors' })).toBeVisible({ timeout: 30_000 });
    await expect(companies.getByRole('listitem').first().getByRole('button').first()).toBeVisible();
    const advisors = page.getByTestId('advisors-table');
    await expect(advisors.getByRole('listitem').filter({ hasText: 'Pedro Reader' }).getByRole('button').first()).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'advisors');
  });

  await Promise.all([ownerContext.close(), advisorContext.close()]);
});
