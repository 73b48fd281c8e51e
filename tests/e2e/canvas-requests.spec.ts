import { familyOwner } from './support/canvas';
import { expect, test } from './support/fixtures';
import { closeWalkthrough, createTakeaway, canvasCategories } from './support/history';
import { createCanvas } from './support/work-relations';

/**
 * Opening the canvas reads each piece of it once (docs/product/live.md#in-the-browser): the canvas, its
 * people, its advisor companies, the history the notices need, and, once the live channel listens, the
 * history since the canvas was read — not the canvas a second time. Counted in Chromium from the
 * requests the page makes, until the live channel is open and the page is idle.
 */

test.setTimeout(90_000);

test('opening the canvas reads each piece of it once', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, context, appUrl, { firstName: 'Otto', entityName: 'Counting Family' });
  await createCanvas(context, appUrl);
  const [category] = await canvasCategories(context, appUrl);
  await createTakeaway(context, appUrl, category!.id, 'Counted once');
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  // The live channel's catch-up after its socket opened is the last read of an open: the page is complete once it answered.
  const caughtUp = page.waitForResponse((response) => /\/api\/canvas\/history\/\d+\?.*canvasSince=/.test(response.url()), { timeout: 30_000 });
  await page.goto('/canvas');
  await closeWalkthrough(page);
  await expect(page.getByTestId('canvas-title')).toBeVisible();
  await caughtUp;
  await page.waitForLoadState('networkidle');
  const canvasReads = requests.filter((line) => /^GET \/api\/canvas(\/\d+)?$/.test(line));
  expect(canvasReads, requests.join('\n')).toHaveLength(1);
  const repeated = requests.filter((line, index) => requests.indexOf(line) !== index);
  expect(repeated, requests.join('\n')).toEqual([]);
  await context.close();
});
