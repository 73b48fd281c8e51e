import path from 'node:path';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { familyOwner } from './support/canvas';
import { canvasCategories, closeWalkthrough, createTakeaway, toast } from './support/history';
import { createCanvas } from './support/work-relations';

/**
 * History people can use: the owner edits a takeaway, opens the
 * change in the Activity panel and sees it field by field, brings the earlier version back
 * from the item's own history, and finds Ctrl/Cmd+Z in the keyboard shortcuts (`?`).
 * With SCREENSHOTS=1 the before/after view is saved to docs/screenshots/.
 */

test.setTimeout(120_000);

test('an edit shows before and after; the earlier version comes back from the item’s history; ? names Ctrl/Cmd+Z', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, context, appUrl, { firstName: 'Maria', entityName: 'Versions Family' });
  await createCanvas(context, appUrl);
  const [category] = await canvasCategories(context, appUrl);
  const takeawayId = await createTakeaway(context, appUrl, category!.id, 'Keep the house in the family');

  const page = await context.newPage();
  await page.goto(`/canvas-category/${category!.id}?open=${takeawayId}`);
  await closeWalkthrough(page);
  const dialog = page.getByRole('dialog', { name: 'Takeaway', exact: true });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Sell the house and share the money');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The takeaway has been saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('takeaway').filter({ hasText: 'Sell the house and share the money' })).toBeVisible();

  await test.step('the Activity panel opens the change before and after', async () => {
    await page.getByRole('button', { name: 'Activity' }).click();
    const panel = page.getByRole('dialog', { name: 'Activity' });
    const row = panel.getByRole('button', { name: /You edited the takeaway “Sell the house and share the money”/ });
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    const view = panel.getByRole('table', { name: 'What changed' });
    await expect(view.getByRole('row', { name: /^Title/ })).toContainText('Keep the house in the family');
    await expect(view.getByRole('row', { name: /^Title/ })).toContainText('Sell the house and share the money');
    await expect(panel.getByTestId('change-details')).toContainText(/You, \d{2}\.\d{2}\.\d{4}/);
    // One's own latest change carries a visible Undo.
    await expect(panel.getByRole('button', { name: /^Undo: edited the takeaway/ })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    if (process.env.SCREENSHOTS === '1') {
      await page.screenshot({ path: path.join(process.cwd(), 'docs/screenshots/history-before-after.png') });
    }
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(view).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await panel.getByRole('button', { name: 'Close the activity panel' }).click();
    await expect(panel).toBeHidden();
  });

  await test.step('the item’s own history restores the earlier version', async () => {
    await page.goto(`/canvas-category/${category!.id}?open=${takeawayId}`);
    const form = page.getByRole('dialog', { name: 'Takeaway', exact: true });
    await form.getByRole('button', { name: 'Show the history' }).click();
    const versions = form.getByTestId('item-version');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('Current version');
    await versions
      .nth(1)
      .getByRole('button', { name: /Restore this version/ })
      .click();
    await expect(toast(page, 'The earlier version has been restored.')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('takeaway').filter({ hasText: 'Keep the house in the family' })).toBeVisible();
    await expect(page.getByTestId('takeaway').filter({ hasText: 'Sell the house and share the money' })).toHaveCount(0);
  });

  await test.step('? opens the keyboard shortcuts, which name Ctrl/Cmd+Z', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Ctrl+Z (⌘Z on a Mac)');
    await expect(help).toContainText('Undo your last change on this canvas');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });
  await context.close();
});
