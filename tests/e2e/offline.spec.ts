import type { BrowserContext, Page } from '@playwright/test';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { familyOwner, invitedMember } from './support/canvas';
import { canvasCategories, closeWalkthrough, createTakeaway } from './support/history';
import { createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * Offline and failed saves (docs/product/canvas.md#offline): with the network cut, the page
 * says so; an answer and a takeaway edit made meanwhile wait, marked, and are sent once, in
 * order, when the network is back, while the live channel reconnects and catches up; a save
 * the server refuses says why beside the form, the typed text kept.
 */

test.setTimeout(120_000);

type CategoryWithQuestions = {
  questions: Array<{ id: string; answers: Array<{ text: string; createdByUserId: string }> }>;
  takeaways: Array<{ id: string; title: string }>;
};

async function category(context: BrowserContext, appUrl: string, categoryId: number): Promise<CategoryWithQuestions> {
  const response = await apiOf(context.request, appUrl).call('getCategory', { params: { id: categoryId } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CategoryWithQuestions;
}

/** The canvas writes the page sends, in the order they leave. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'GET' && path.startsWith('/api/canvas')) writes.push(`${request.method()} ${path.replace(/[^/]+$/, '{id}')}`);
  });
  return writes;
}

async function openCategory(page: Page, categoryId: number) {
  await page.goto(`/canvas-category/${categoryId}`);
  await expect(page.getByTestId('category-title')).toBeVisible();
  await closeWalkthrough(page);
  // The live channel's first catch-up (the canvas read again) is over.
  await page.waitForLoadState('networkidle');
}

test('offline: an answer and a takeaway edit wait, marked, and are saved once, in order, when back; the live channel catches up', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  const owner = await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Offline Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [first] = await canvasCategories(ownerContext, appUrl);
  await createTakeaway(ownerContext, appUrl, first!.id, 'Keep the lake house');

  const page = await ownerContext.newPage();
  await openCategory(page, first!.id);
  const writes = recordWrites(page);
  const banner = page.getByTestId('offline-banner');

  await test.step('the network drops: the page says so, and the live channel says it is reconnecting', async () => {
    await ownerContext.setOffline(true);
    await expect(banner).toHaveText('Offline: changes are saved when you’re back');
    await expect(page.getByTestId('live-reconnecting')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // On a phone too, and still in view once the page is scrolled.
    await page.setViewportSize({ width: 375, height: 700 });
    await page.mouse.wheel(0, 600);
    await expect(banner).toBeInViewport();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('an answer and a takeaway edit made offline wait, each marked, with their text', async () => {
    const answerBox = page.getByRole('textbox', { name: /Your answer/ });
    await answerBox.fill('We meet every Sunday');
    await page.getByRole('button', { name: 'Add answer' }).click();
    const answerForm = page.getByTestId('add-answer-form');
    await expect(answerForm.getByTestId('save-pending')).toHaveText(/^Waiting for the connection/);
    await expect(answerBox).toHaveValue('We meet every Sunday');

    await page.getByTestId('takeaway').getByRole('button', { name: 'Keep the lake house', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Takeaway' });
    await dialog.getByRole('textbox', { name: /Title/ }).fill('Keep the lake house for the grandchildren');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('save-pending')).toHaveText(/^Waiting for the connection/);
    await expect(banner).toContainText('2 waiting to be sent');
    expect(writes).toEqual([]);
  });

  // Meanwhile Sofia adds a takeaway: the owner's page must catch up on it after the reconnect.
  await createTakeaway(memberContext, appUrl, first!.id, 'Sell the boat');

  await test.step('back online: both are sent once, in the order made; the page catches up on what it missed', async () => {
    await ownerContext.setOffline(false);
    // Two writes, the reconnect and its catch-up on a shared machine: a longer wait than one answer's.
    await expect(page.getByTestId('answer').getByText('We meet every Sunday')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'Takeaway' })).toBeHidden({ timeout: 20_000 });
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('live-reconnecting')).toBeHidden();
    await expect(page.getByTestId('takeaway').getByRole('button', { name: 'Keep the lake house for the grandchildren', exact: true })).toBeVisible();
    // Sofia's takeaway, from the catch-up after the reconnect (no reload).
    await expect(page.getByTestId('takeaway').getByRole('button', { name: 'Sell the boat', exact: true })).toBeVisible();
    expect(writes).toEqual(['POST /api/canvas-answer/create/{id}', 'PATCH /api/canvas-takeaway/{id}']);

    // As the other member sees it: exactly one answer, the takeaway changed.
    const seen = await category(memberContext, appUrl, first!.id);
    const answers = seen.questions.flatMap((question) => question.answers).filter((answer) => answer.createdByUserId === owner.userId);
    expect(answers.map((answer) => answer.text)).toEqual(['We meet every Sunday']);
    expect(seen.takeaways.map((takeaway) => takeaway.title).sort()).toEqual(['Keep the lake house for the grandchildren', 'Sell the boat']);
  });
});

test('a failed save says why beside the form, with the text kept: a refused answer, and a queued edit someone changed meanwhile', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Refused Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [first] = await canvasCategories(ownerContext, appUrl);
  const takeawayId = await createTakeaway(ownerContext, appUrl, first!.id, 'Keep the lake house');

  const page = await ownerContext.newPage();
  await openCategory(page, first!.id);

  await test.step('the server refuses an answer (400): its words beside the answer box, the text kept', async () => {
    await page.route('**/api/canvas-answer/create/**', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errorCode: 6, errors: {}, message: 'Incorrect input.' }) }),
    );
    const answerBox = page.getByRole('textbox', { name: /Your answer/ });
    await answerBox.fill('We meet every Sunday');
    await page.getByRole('button', { name: 'Add answer' }).click();
    await expect(page.getByTestId('add-answer-form')).toContainText('This could not be saved. Your text is still here; please try again.');
    await expect(answerBox).toHaveValue('We meet every Sunday');
    await page.unroute('**/api/canvas-answer/create/**');
  });

  await test.step('a takeaway saved but its answer lost on the way: "Not sure", and Save again makes it once (its Idempotency-Key)', async () => {
    const keys: Array<string | undefined> = [];
    const creates = '**/api/canvas-takeaway/create/**';
    await page.route(creates, async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      // The server saves it; the connection drops before the browser hears back.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Add takeaway' }).click();
    const dialog = page.getByRole('dialog', { name: 'New takeaway' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('We sail every summer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('Not sure this was saved');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('We sail every summer');
    await page.unroute(creates);
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/canvas-takeaway/create/')) keys.push(request.headers()['idempotency-key']);
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const saved = (await category(ownerContext, appUrl, first!.id)).takeaways.filter((takeaway) => takeaway.title === 'We sail every summer');
    expect(saved).toHaveLength(1);
  });

  await test.step('an edit queued offline meets a change made meanwhile (409): both versions shown, mine kept in the form', async () => {
    await page.getByTestId('takeaway').getByRole('button', { name: 'Keep the lake house', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Takeaway' });
    await ownerContext.setOffline(true);
    const title = dialog.getByRole('textbox', { name: /Title/ });
    await title.fill('Keep the lake house for the grandchildren');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('save-pending')).toHaveText(/^Waiting for the connection/);

    const update = await apiOf(memberContext.request, appUrl).call('updateTakeaway', {
      params: { id: takeawayId },
      body: { title: 'Sell the lake house', version: 1 },
    });
    expect(update.status(), await update.text()).toBe(200);

    await ownerContext.setOffline(false);
    const panel = dialog.getByTestId('item-changed');
    await expect(panel).toContainText('Sofia Member changed this', { timeout: 20_000 });
    await expect(panel.getByTestId('item-changed-theirs')).toContainText('Sell the lake house');
    await expect(title).toHaveValue('Keep the lake house for the grandchildren');
    await expect(dialog.getByTestId('save-pending')).toBeEmpty();
  });
});
