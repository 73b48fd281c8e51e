import { familyOwner } from './support/canvas';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { canvasCategories, closeWalkthrough } from './support/history';
import { advisorCompanyInvitedBy, createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * An advisor whose access ends while working (in Chromium, two browser contexts): the
 * advisor writes an answer on a category page of the family's canvas, at 375 px; the
 * family ends the work relation; the advisor's open page says at once that the access has
 * ended, keeps the typed answer (read-only) and offers the way back to the dashboard. A reload
 * of the canvas or the category afterwards says the same, not "Page not found".
 */

test.setTimeout(180_000);

test('the advisor’s open canvas says at once that the access has ended, keeping what was typed', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  const advisorContext = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 800 } });
  const owner = await familyOwner(inbox, familyContext, appUrl, { firstName: 'Rosa', entityName: 'Closing Family' });
  const { familyId } = await createCanvas(familyContext, appUrl);
  const advisor = await advisorCompanyInvitedBy(inbox, familyContext, advisorContext, appUrl, { companyName: 'Leaving Advisors', firstName: 'Pia' });
  const [category] = await canvasCategories(familyContext, appUrl);

  const familyPage = await owner.context.newPage();
  const advisorPage = await advisor.context.newPage();

  await test.step('the family’s owner finds the choice whether advisors see each other, off', async () => {
    await familyPage.goto('/companies');
    const choice = familyPage.getByRole('checkbox', { name: /Advisors see the names of the other advisor companies/ });
    await expect(choice).toBeVisible();
    await expect(choice).not.toBeChecked();
    expect(await seriousAccessibilityViolations(familyPage)).toEqual([]);
    await familyPage.goto('/canvas');
    await expect(familyPage.getByTestId('canvas-title')).toBeVisible();
  });

  await test.step('the advisor writes an answer on the open category page, with the live channel open', async () => {
    await advisorPage.goto(`/canvas-category/${category!.id}`);
    await expect(advisorPage.getByTestId('category-title')).toBeVisible();
    await closeWalkthrough(advisorPage);
    // The family owner is listed on the page: the advisor's socket is open.
    await expect(advisorPage.getByRole('list', { name: 'On this canvas now' }).getByText(/^Rosa /)).toBeAttached();
    await advisorPage.getByRole('textbox', { name: 'Your answer' }).fill('We should look at the trust first');
    await advisorPage.getByRole('button', { name: 'Add takeaway' }).click();
    await advisorPage.getByTestId('takeaway-form').getByRole('textbox', { name: /Title/ }).fill('Keep the lake house');
  });

  await test.step('the family ends the work relation', async () => {
    const ended = await apiOf(familyContext.request, appUrl).call('endWorkRelation', { params: { entityId: advisor.companyId } });
    expect(ended.status(), await ended.text()).toBe(204);
  });

  await test.step('the open form says so at once, read-only, with the typed title kept', async () => {
    const form = advisorPage.getByTestId('takeaway-form');
    await expect(form.getByRole('alert')).toContainText('Your access to this canvas has ended', { timeout: 10_000 });
    await expect(form.getByRole('textbox', { name: /Title/ })).toHaveValue('Keep the lake house');
    await expect(form.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly', '');
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
    await form.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(form).toBeHidden();
  });

  await test.step('the advisor’s page says so too, read-only, with the typed answer kept', async () => {
    const notice = advisorPage.getByTestId('canvas-access-ended');
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText('Your access to this canvas has ended');
    const answer = advisorPage.getByRole('textbox', { name: 'Your answer' });
    await expect(answer).toHaveValue('We should look at the trust first');
    await expect(answer).toHaveAttribute('readonly', '');
    await expect(advisorPage.getByRole('button', { name: 'Add takeaway' })).toHaveCount(0);
    const overflow = await advisorPage.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
  });

  await test.step('the keyboard leads back to the dashboard (the unsaved answer is asked about, and cannot be saved), which no longer lists the family', async () => {
    const back = advisorPage.getByTestId('canvas-access-ended').getByRole('link', { name: 'Back to your dashboard' });
    await back.focus();
    await advisorPage.keyboard.press('Enter');
    const asked = advisorPage.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(asked).toBeVisible();
    await expect(asked.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await asked.getByRole('button', { name: 'Discard changes' }).focus();
    await advisorPage.keyboard.press('Enter');
    await expect(advisorPage).toHaveURL(/\/dashboard$/);
    await expect(advisorPage.getByRole('article', { name: 'Closing Family' })).toHaveCount(0);
  });

  await test.step('a reload of the canvas or the category says the access has ended, not “Page not found”', async () => {
    for (const path of [`/canvas/${familyId}`, `/canvas-category/${category!.id}`]) {
      await advisorPage.goto(path);
      const notice = advisorPage.getByTestId('canvas-access-ended');
      await expect(notice).toContainText('Your access to this canvas has ended');
      await expect(advisorPage).toHaveURL(new RegExp(`${path}$`));
      await expect(advisorPage.getByText('Page not found')).toHaveCount(0);
    }
    await advisorPage.getByTestId('canvas-access-ended').getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(advisorPage).toHaveURL(/\/dashboard$/);
  });

  await familyContext.close();
  await advisorContext.close();
});
