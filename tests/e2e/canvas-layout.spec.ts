import { familyOwner } from './support/canvas';
import { expect, test } from './support/fixtures';
import { createCanvas } from './support/work-relations';

/**
 * The canvas does not jump when it arrives (docs/architecture-decisions.md "Lighthouse budgets"): on a phone-sized
 * screen, the page that waits for the canvas holds its place, so the footer never shows and is then pushed away.
 * Chromium reports each unexpected move of content as a `layout-shift` entry; their sum over the whole load (the
 * page's cumulative layout shift) stays under 0.1, the limit the web's "good" grade sets.
 */

test.setTimeout(90_000);

type Shift = { value: number; hadRecentInput: boolean; sources: string[] };

test('the canvas keeps its layout while its data arrives: the shifts add up to less than 0.1', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await familyOwner(inbox, context, appUrl, { firstName: 'Stella', entityName: 'Steady Family' });
  await createCanvas(context, appUrl);
  await context.addInitScript(() => {
    // Runs in the page; the tests' TypeScript has no DOM types.
    const page = globalThis as unknown as { layoutShifts: Shift[] };
    page.layoutShifts = [];
    type Entry = { value: number; hadRecentInput: boolean; sources?: Array<{ node?: { nodeName: string; textContent: string | null } | null }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[])
        page.layoutShifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources ?? []).map(({ node }) => (node ? `${node.nodeName} "${(node.textContent ?? '').slice(0, 40)}"` : '(gone)')),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();

  // The canvas's answer waits until the page that waits for it has been seen, as on a slow connection.
  let answerCanvas: () => void = () => undefined;
  const canvasHeld = new Promise<void>((resolve) => (answerCanvas = resolve));
  await page.route('**/api/canvas', async (route) => {
    await canvasHeld;
    await route.continue();
  });
  await page.goto('/canvas');
  // A busy machine may take a while to start the app: the first state is waited for up to 30 s (a bound, not a delay).
  await expect(page.getByTestId('canvas-loading')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading the canvas…' })).toBeAttached();
  answerCanvas();

  await expect(page.getByTestId('canvas-title')).toHaveText('Steady Family Canvas');
  await expect(page.getByRole('heading', { level: 2, name: 'The Four Abundances' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Two frames after the last change, so Chromium has reported every shift of the load.
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const page = globalThis as unknown as { layoutShifts: Shift[]; requestAnimationFrame(callback: () => void): void };
        page.requestAnimationFrame(() => page.requestAnimationFrame(() => resolve(page.layoutShifts)));
      }),
  );
  const unexpected = shifts.filter((shift) => !shift.hadRecentInput);
  const total = unexpected.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(unexpected, null, 1)).toBeLessThan(0.1);

  // The live channel drops: "Reconnecting…" joins the tools beside the title, which wrap under it rather than
  // squeeze it to a letter a line (a 12rem title keeps "Steady" on one line).
  await context.setOffline(true);
  await expect(page.getByTestId('live-reconnecting')).toBeVisible();
  const title = await page.getByTestId('canvas-title').boundingBox();
  expect(title?.width).toBeGreaterThanOrEqual(180);
  await context.setOffline(false);
  await expect(page.getByTestId('live-reconnecting')).toBeHidden();
  await context.close();
});

test('at 375 px the canvas title breaks between words, never inside one', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  // "Featherstonehaugh" is wider than what is left beside the canvas's tools on a phone, and narrower than the row.
  await familyOwner(inbox, context, appUrl, { firstName: 'Fenella', entityName: 'Featherstonehaugh Household' });
  await createCanvas(context, appUrl);
  const page = await context.newPage();
  await page.goto('/canvas');
  const title = page.getByTestId('canvas-title');
  await expect(title).toHaveText('Featherstonehaugh Household Canvas', { timeout: 30_000 });
  // Each word's text as laid out: the tops of its line boxes (Range rects), one top for a word on one line.
  const lineTopsOfWords = await title.evaluate((heading) => {
    const text = heading.firstChild!;
    const words: Array<{ word: string; tops: number[] }> = [];
    for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      words.push({ word: match[0], tops: [...new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)))] });
    }
    return words;
  });
  expect(lineTopsOfWords.map(({ word }) => word)).toEqual(['Featherstonehaugh', 'Household', 'Canvas']);
  expect(lineTopsOfWords.filter(({ tops }) => tops.length !== 1)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
