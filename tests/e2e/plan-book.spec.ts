import { execFileSync } from 'node:child_process';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { familyOwner } from './support/canvas';
import { canvasCategories, closeWalkthrough, createTakeaway, toast } from './support/history';
import { createCanvas } from './support/work-relations';

/**
 * The plan book on a phone: the owner opens the canvas settings, picks sections, and the
 * browser downloads the PDF; its text (pdftotext) holds the family and what they wrote.
 */

test.setTimeout(120_000);

test('the owner downloads the plan book from the canvas settings on a phone', async ({ browser, inbox, baseURL }, testInfo) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, acceptDownloads: true });
  await familyOwner(inbox, context, appUrl, { firstName: 'Zoë', entityName: 'Ødegård Family' });
  const canvas = await createCanvas(context, appUrl);
  const [category] = await canvasCategories(context, appUrl);
  await createTakeaway(context, appUrl, category!.id, 'Η οικογένεια πρώτα — семья прежде всего');

  const page = await context.newPage();
  await page.goto('/canvas');
  await expect(page.getByTestId('canvas-title')).toBeVisible();
  await closeWalkthrough(page);
  await page.getByRole('button', { name: 'Canvas settings' }).click();
  await page.getByRole('menuitem', { name: 'Plan book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan book' });
  await expect(dialog).toBeVisible();
  // Only the first section (the takeaway's): the others are left out.
  await dialog.getByRole('button', { name: 'None', exact: true }).click();
  await dialog.getByRole('checkbox', { name: canvas.sections.find((section) => section.id === category!.sectionId)!.title }).check();
  // The options: empty categories left out by default; US Letter picked with the keyboard.
  await expect(dialog.getByRole('checkbox', { name: 'Leave out empty categories' })).toBeChecked();
  const a4 = dialog.getByRole('radio', { name: 'A4' });
  await expect(a4).toBeChecked();
  await a4.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'US Letter' })).toBeChecked();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Odegard-Family-plan-book-\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = testInfo.outputPath('plan-book.pdf');
  await file.saveAs(path);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('Ødegård Family');
  expect(text).toContain('Η οικογένεια πρώτα — семья прежде всего');
  expect(text).toContain(category!.title);
  // US Letter, tagged.
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  expect(info).toMatch(/Page size:\s+612 x 792 pts/);
  expect(info).toMatch(/Tagged:\s+yes/);
  await expect(toast(page, 'The plan book is downloaded.')).toBeVisible();
  await context.close();
});
