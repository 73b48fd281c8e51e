import type { Page } from '@playwright/test';
import { familyOwner } from './support/canvas';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { advisorCompanyInvitedBy, createCanvas } from './support/work-relations';

/**
 * Ending a work relation (docs/product/work-relations.md#ending-a-work-relation) in Chromium, in two browser contexts: the family owner
 * ends the relation with an advisor company on the company page through the confirm dialog
 * (keyboard only, at 375 px), and the advisor's dashboard no longer lists the family.
 */

test.setTimeout(180_000);

async function answerChallenge(page: Page) {
  const dialog = page.getByRole('dialog');
  const text = (await dialog.getByText(/To confirm, type the result of/).textContent()) ?? '';
  const [, a, b] = /(\d) × (\d)/.exec(text)!;
  await dialog.getByTestId('confirm-challenge').fill(String(Number(a) * Number(b)));
}

test('a family ends its relation with an advisor company and the advisor’s dashboard no longer lists it', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 800 } });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  const owner = await familyOwner(inbox, familyContext, appUrl, { firstName: 'Rosa', entityName: 'Ending Family' });
  await createCanvas(familyContext, appUrl);
  const advisor = await advisorCompanyInvitedBy(inbox, familyContext, advisorContext, appUrl, { companyName: 'Parting Advisors', firstName: 'Pia' });
  const familyPage = await owner.context.newPage();
  const advisorPage = await advisor.context.newPage();

  await test.step('the advisor finds the family on the dashboard', async () => {
    await advisorPage.goto('/dashboard');
    await expect(advisorPage.getByRole('article', { name: 'Ending Family' })).toBeVisible();
  });

  await test.step('the family owner ends the relation on the company page, confirming with the keyboard', async () => {
    await familyPage.goto(`/company/${advisor.companyId}`);
    await expect(familyPage.getByRole('heading', { level: 1, name: 'Parting Advisors' })).toBeVisible();
    const overflow = await familyPage.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    const end = familyPage.getByRole('button', { name: 'End work relation' });
    await end.focus();
    await familyPage.keyboard.press('Enter');
    const dialog = familyPage.getByRole('dialog', { name: 'End the work relation with Parting Advisors?' });
    await expect(dialog).toBeVisible();
    expect(await seriousAccessibilityViolations(familyPage)).toEqual([]);
    await answerChallenge(familyPage);
    await dialog.getByTestId('confirm-challenge').press('Enter');
    await expect(
      familyPage.getByRole('status', { includeHidden: true }).filter({ hasText: 'The work relation with Parting Advisors has ended.' }).first(),
    ).toBeVisible();
    await expect(familyPage).toHaveURL(/\/companies$/);
    await expect(familyPage.getByRole('link', { name: 'Parting Advisors' })).toHaveCount(0);
  });

  await test.step('the advisor’s dashboard no longer lists the family', async () => {
    await advisorPage.reload();
    await expect(advisorPage.getByText('You do not have access to any canvas yet.')).toBeVisible();
    await expect(advisorPage.getByRole('article', { name: 'Ending Family' })).toHaveCount(0);
  });

  await familyContext.close();
  await advisorContext.close();
});
