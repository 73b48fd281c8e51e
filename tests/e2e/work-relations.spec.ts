import type { Page } from '@playwright/test';
import { familyOwner, invitedMember } from './support/canvas';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { advisorCompanyInvitedBy, createCanvas, noteAbout } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * Work relations of docs/product/work-relations.md as a family and its advisor live them, in two browser
 * contexts: the family shares one section of its canvas with an advisor company; the
 * advisor finds the family on the dashboard and sees only that section; the family widens
 * the share on the company page; the advisor keeps a private note about the family that
 * the family never sees.
 */

test.setTimeout(180_000);

async function expectToast(page: Page, text: string) {
  // A first login opens the walkthrough, a modal that hides the rest of the page from the
  // accessibility tree while the toast stays on screen: look for it among hidden nodes too.
  await expect(page.getByRole('status', { includeHidden: true }).filter({ hasText: text }).first()).toBeVisible();
}

/** Nothing wider than the window (the page works at 375 px). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an advisor limited to one section works with a family; the family widens the share; private notes stay private', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  const owner = await familyOwner(inbox, familyContext, appUrl, { firstName: 'Rosa', entityName: 'Rivera Family' });
  const { familyId, sections } = await createCanvas(familyContext, appUrl);
  const abundances = sections.find((section) => section.title === 'The Four Abundances')!;
  const advisor = await advisorCompanyInvitedBy(inbox, familyContext, advisorContext, appUrl, {
    canvasSections: [abundances.id],
    companyName: 'Ledger Advisors',
    firstName: 'Ada',
  });
  const familyPage = await owner.context.newPage();
  const advisorPage = await advisor.context.newPage();
  const noteText = 'Prefers calls in the morning; wants to review the wealth plan in spring.';

  await test.step('the advisor finds the family on the dashboard, with the one shared section', async () => {
    await advisorPage.goto('/dashboard');
    const card = advisorPage.getByRole('article', { name: 'Rivera Family' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(['The Four Abundances']);
    await expect(card.getByRole('link', { name: 'Abundance of Wealth' })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Family Council' })).toHaveCount(0);
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
  });

  await test.step('the advisor opens the canvas and sees only that section', async () => {
    await advisorPage.getByRole('link', { name: 'Open the canvas of Rivera Family' }).click();
    await expect(advisorPage).toHaveURL(new RegExp(`/canvas/${familyId}$`));
    await expect(advisorPage.getByRole('heading', { level: 2, name: 'The Four Abundances' })).toBeVisible();
    await expect(advisorPage.getByRole('heading', { level: 2, name: 'Family Council' })).toHaveCount(0);
    await expect(advisorPage.getByRole('heading', { level: 2, name: 'The Past' })).toHaveCount(0);
  });

  await test.step('the family owner widens the share on the company page', async () => {
    await familyPage.goto('/companies');
    await expect(familyPage.getByTestId('companies-table').getByTestId('list-row').first()).toContainText('The Four Abundances');
    await familyPage.getByRole('link', { name: 'Ledger Advisors' }).click();
    await expect(familyPage.getByRole('heading', { level: 1, name: 'Ledger Advisors' })).toBeVisible();
    await familyPage.getByRole('tab', { name: 'Canvas rights' }).click();
    const group = familyPage.getByRole('group', { name: 'Sections Ledger Advisors sees' });
    await expect(group.getByRole('checkbox', { name: 'The Four Abundances' })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: 'Family Council' })).not.toBeChecked();
    await familyPage.getByRole('button', { name: 'Select all' }).click();
    await expect(familyPage.getByText('All sections are shared.')).toBeVisible();
    await familyPage.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(familyPage, 'The sections shared with Ledger Advisors have been saved.');
  });

  await test.step('the advisor sees the whole canvas after a reload', async () => {
    await advisorPage.reload();
    await expect(advisorPage.getByRole('heading', { level: 2, name: 'Family Council' })).toBeVisible();
    await expect(advisorPage.getByRole('heading', { level: 2, name: 'The Past' })).toBeVisible();
    await expect(advisorPage.getByRole('heading', { level: 2, name: 'The Four Abundances' })).toBeVisible();
  });

  await test.step('a colleague with read access sees the canvas without editing; the family gives full access', async () => {
    const readerContext = await browser.newContext({ baseURL: appUrl });
    const reader = await invitedMember(inbox, advisor.context, readerContext, appUrl, { entityRoleId: 3, firstName: 'Reid' });
    const readerPage = await reader.context.newPage();
    await readerPage.goto(`/canvas/${familyId}`);
    await expect(readerPage.getByRole('heading', { level: 2, name: 'Family Council' })).toBeVisible();
    await expect(readerPage.getByText('Nothing here yet, check later.').first()).toBeVisible();
    await expect(readerPage.getByRole('link', { name: /^Add takeaways to/ })).toHaveCount(0);

    await familyPage.getByRole('tab', { name: 'Company advisors' }).click();
    const row = familyPage.getByTestId('advisors-table').getByTestId('list-row').filter({ hasText: 'Reid Lovelace' });
    await expect(row).toContainText('Read access');
    await row.getByRole('button', { name: 'Edit the canvas rights of Reid Lovelace' }).click();
    const dialog = familyPage.getByRole('dialog', { name: 'Edit canvas rights' });
    await dialog.getByRole('combobox', { name: 'Canvas editing rights' }).selectOption({ label: 'Full access' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(familyPage, 'The canvas rights of Reid Lovelace have been saved.');
    await expect(row).toContainText('Full access');

    await readerPage.reload();
    await expect(readerPage.getByRole('link', { name: 'Add takeaways to Our Values' })).toBeVisible();
    await readerContext.close();
  });

  await test.step('the advisor looks at the families list', async () => {
    await advisorPage.goto('/families');
    const families = advisorPage.getByTestId('families-table');
    await expect(families.getByRole('link', { name: 'Rivera Family', exact: true })).toHaveAttribute('href', `/family/${familyId}`);
    await expect(advisorPage.getByTestId('family-members-table')).toContainText('Rosa Lovelace');
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
  });

  await test.step('the advisor writes a private note about the family', async () => {
    await advisorPage.getByTestId('families-table').getByRole('link', { name: 'Rivera Family', exact: true }).click();
    await expect(advisorPage.getByRole('heading', { level: 1, name: 'Rivera Family' })).toBeVisible();
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
    await advisorPage.getByRole('tab', { name: 'Notes' }).click();
    const editor = advisorPage.getByRole('textbox', { name: 'Private note about Rivera Family' });
    await expect(editor).toBeVisible();
    await editor.click();
    await advisorPage.getByRole('button', { name: 'Bold' }).click();
    await advisorPage.keyboard.type('Client notes');
    await advisorPage.getByRole('button', { name: 'Bold' }).click();
    await advisorPage.keyboard.press('Enter');
    await advisorPage.keyboard.type(noteText);
    await expect(advisorPage.getByTestId('note-count')).toHaveText(`Characters used: ${12 + noteText.length} / 1000`);
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
    await advisorPage.getByRole('button', { name: 'Save' }).click();
    await expectToast(advisorPage, 'The note about Rivera Family has been saved.');
    const view = advisorPage.getByTestId('note-view');
    await expect(view).toContainText(noteText);
    await expect(view.locator('strong')).toHaveText('Client notes');
    await advisorPage.reload();
    await advisorPage.getByRole('tab', { name: 'Notes' }).click();
    await expect(advisorPage.getByTestId('note-view')).toContainText(noteText);
    expect((await noteAbout(advisor.context, appUrl, familyId)).note).toContain(noteText);
  });

  await test.step('the family cannot see the advisor note', async () => {
    await familyPage.goto(`/family/${familyId}`);
    await expect(familyPage.getByRole('heading', { level: 1, name: 'Rivera Family' })).toBeVisible();
    await familyPage.getByRole('tab', { name: 'Notes' }).click();
    await expect(familyPage.getByRole('textbox', { name: 'Private note about Rivera Family' })).toBeVisible();
    await expect(familyPage.getByText(noteText)).toHaveCount(0);
    expect(await noteAbout(owner.context, appUrl, familyId)).toMatchObject({ id: null, note: null });
    expect(await noteAbout(owner.context, appUrl, advisor.companyId)).toMatchObject({ id: null, note: null });
  });

  await test.step('the advisor searches the dashboard by name and filters to families with changes since the last visit', async () => {
    await advisorPage.goto('/dashboard');
    const search = advisorPage.getByRole('searchbox', { name: 'Search families by name' });
    await search.fill('riv');
    await expect(advisorPage.getByRole('article', { name: 'Rivera Family' })).toBeVisible();
    await search.fill('Okafor');
    await expect(advisorPage.getByText('No family matches “Okafor”.')).toBeVisible();
    await expect(advisorPage.getByRole('article', { name: 'Rivera Family' })).toHaveCount(0);
    await search.fill('');
    // The advisor has just read the canvas: nothing new since.
    const changedOnly = advisorPage.getByRole('checkbox', { name: 'With changes since my last visit' });
    await changedOnly.check();
    await expect(advisorPage.getByText('No family has changes since your last visit.')).toBeVisible();
    // The family adds a takeaway in the shared section: now the family shows under the filter.
    const canvas = (await (await apiOf(owner.context.request, appUrl).call('getOwnCanvas')).json()) as {
      sections: Array<{ categories: Array<{ id: number; title: string }> }>;
    };
    const wealth = canvas.sections.flatMap((section) => section.categories).find((category) => category.title === 'Abundance of Wealth')!;
    const created = await apiOf(owner.context.request, appUrl).call('createTakeaway', {
      params: { categoryId: wealth.id },
      body: { title: 'Review the wealth plan in spring', text: 'With Ledger Advisors.', categoryId: wealth.id, initiatorId: null, linkedGoalIds: [] },
    });
    expect(created.status(), await created.text()).toBe(201);
    await advisorPage.reload();
    await advisorPage.getByRole('checkbox', { name: 'With changes since my last visit' }).check();
    await expect(advisorPage.getByRole('article', { name: 'Rivera Family' })).toBeVisible();
  });

  await test.step('the pages work at 375 px', async () => {
    await advisorPage.setViewportSize({ width: 375, height: 740 });
    await advisorPage.goto('/dashboard');
    await expect(advisorPage.getByRole('article', { name: 'Rivera Family' })).toBeVisible();
    await expectNoSidewaysScroll(advisorPage);
    await advisorPage.goto(`/family/${familyId}`);
    await expect(advisorPage.getByRole('heading', { level: 1, name: 'Rivera Family' })).toBeVisible();
    await expectNoSidewaysScroll(advisorPage);
    expect(await seriousAccessibilityViolations(advisorPage)).toEqual([]);
  });

  await familyContext.close();
  await advisorContext.close();
});
