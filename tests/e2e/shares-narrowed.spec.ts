import { familyOwner } from './support/canvas';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { canvasCategories, closeWalkthrough } from './support/history';
import { advisorCompanyInvitedBy, createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * The family narrows what an advisor company sees while one of its advisors has the canvas open
 * (in Chromium, two browser contexts, the real live channel): the advisor writes an answer and a
 * takeaway's title in a category of a section that is then no longer shared. Their page says at
 * once, in words, which section they can no longer see, keeps the typed text read-only for
 * copying, and the overview they go back to names the sections gone from it.
 */

test.setTimeout(180_000);

test('an advisor whose company’s shares are narrowed is told which sections they no longer see, keeping what they typed', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Rosa', entityName: 'Narrowing Family' });
  const canvas = await createCanvas(familyContext, appUrl);
  const advisor = await advisorCompanyInvitedBy(inbox, familyContext, advisorContext, appUrl, { companyName: 'Narrowed Advisors', firstName: 'Pia' });
  const [kept, ...removed] = canvas.sections;
  const category = (await canvasCategories(familyContext, appUrl)).find((candidate) => candidate.sectionId === removed[0]!.id)!;
  const advisorPage = await advisor.context.newPage();
  const familyPage = await familyContext.newPage();
  await familyPage.goto('/canvas');
  await expect(familyPage.getByTestId('canvas-title')).toBeVisible({ timeout: 20_000 });

  await test.step('the advisor writes an answer and a takeaway’s title in a section shared so far, with the live channel open', async () => {
    await advisorPage.goto(`/canvas-category/${category.id}`);
    await expect(advisorPage.getByTestId('category-title')).toHaveText(category.title);
    await closeWalkthrough(advisorPage);
    // The family owner is listed on the page: the advisor's socket is open.
    await expect(advisorPage.getByRole('list', { name: 'On this canvas now' }).getByText(/^Rosa /)).toBeAttached();
    await advisorPage.getByRole('textbox', { name: 'Your answer' }).fill('Grandfather’s letters belong in the archive');
    await advisorPage.getByRole('button', { name: 'Add takeaway' }).click();
    await advisorPage.getByTestId('takeaway-form').getByRole('textbox', { name: /Title/ }).fill('Digitise the letters');
  });

  await test.step('the family narrows the shares to one section', async () => {
    const narrowed = await apiOf(familyContext.request, appUrl).call('updateCanvasShares', {
      params: { entityId: advisor.companyId },
      body: { canvasSections: [kept!.id] },
    });
    expect(narrowed.status(), await narrowed.text()).toBe(200);
  });

  await test.step('the open form says at once which section is no longer shared, read-only, with the typed title kept', async () => {
    const form = advisorPage.getByTestId('takeaway-form');
    await expect(form.getByRole('alert')).toContainText(`The family no longer shares ${removed[0]!.title} with you`, { timeout: 10_000 });
    await expect(form.getByRole('textbox', { name: /Title/ })).toHaveValue('Digitise the letters');
    await expect(form.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly', '');
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
    await form.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(form).toBeHidden();
  });

  await test.step('the page says so too, read-only, with the typed answer kept; no “Page not found”', async () => {
    const notice = advisorPage.getByTestId('canvas-access-ended');
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText(`You can no longer see ${removed[0]!.title}`);
    await expect(notice).not.toContainText('Your access to this canvas has ended');
    const answer = advisorPage.getByRole('textbox', { name: 'Your answer' });
    await expect(answer).toHaveValue('Grandfather’s letters belong in the archive');
    await expect(answer).toHaveAttribute('readonly', '');
    await expect(advisorPage.getByRole('button', { name: 'Add takeaway' })).toHaveCount(0);
    await expect(advisorPage).toHaveURL(new RegExp(`/canvas-category/${category.id}$`));
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
  });

  await test.step('back on the canvas (the unsaved answer is asked about), the sections gone are named and no longer shown', async () => {
    await advisorPage.getByTestId('canvas-access-ended').getByRole('link', { name: 'Back to the canvas' }).click();
    const asked = advisorPage.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(asked.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await asked.getByRole('button', { name: 'Discard changes' }).click();
    await expect(advisorPage).toHaveURL(new RegExp(`/canvas/${canvas.familyId}$`));
    await expect(advisorPage.getByRole('heading', { level: 2, name: kept!.title })).toBeVisible();
    const notice = advisorPage.getByTestId('canvas-sections-hidden');
    for (const section of removed) {
      await expect(notice).toContainText(section.title);
      await expect(advisorPage.getByRole('heading', { level: 2, name: section.title })).toHaveCount(0);
    }
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
  });

  await familyContext.close();
  await advisorContext.close();
});
