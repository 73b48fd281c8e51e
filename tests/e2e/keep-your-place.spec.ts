import type { Page } from '@playwright/test';
import { familyOwner, invitedMember, signInContext } from './support/canvas';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { canvasCategories, closeWalkthrough } from './support/history';
import { companyOwner } from './support/invitations';
import { createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * Keeping your place: with the keyboard only, the focus never falls to the page
 * after a vote, a new answer or a dialog; a tab whose session was signed out from another
 * device says so at once; the header keeps to one line at 1280 px; /robots.txt is a robots file.
 */

test.setTimeout(120_000);

/** Presses Tab until the element has the focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 80): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('with the keyboard only: the vote button keeps the focus, a new answer takes it, a dialog opens on its field and gives it back', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Keyboard Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [category] = await canvasCategories(ownerContext, appUrl);
  const questionId = `${category!.id}.1`;
  const theirs = await apiOf(memberContext.request, appUrl).call('createAnswer', { params: { questionId }, body: { questionId, text: 'Time together' } });
  expect(theirs.status(), await theirs.text()).toBe(201);

  const page = await ownerContext.newPage();
  await page.goto(`/canvas-category/${category!.id}`);
  await expect(page.getByTestId('category-title')).toBeVisible();
  await closeWalkthrough(page);

  await test.step('Enter on the vote button: the focus stays there, and it now says "Remove your vote"', async () => {
    const vote = page.getByRole('button', { name: 'Vote for this: Time together' });
    await tabTo(page, vote);
    await page.keyboard.press('Enter');
    const voted = page.getByRole('button', { name: 'Remove your vote: Time together' });
    await expect(voted).toBeVisible();
    await expect(voted).toBeFocused();
    await expect(voted).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('an answer added with the keyboard takes the focus from its form', async () => {
    const field = page.getByRole('textbox', { name: 'Your answer' });
    await tabTo(page, field);
    await page.keyboard.type('Sunday dinners');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add answer' })).toBeFocused();
    await page.keyboard.press('Enter');
    const added = page.getByTestId('answer').filter({ hasText: 'Sunday dinners' });
    await expect(added).toBeFocused();
    await expect(field).toHaveCount(0);
  });

  await test.step('the delete dialog opens on its field; Escape gives the focus back to Delete', async () => {
    const remove = page.getByTestId('answer').filter({ hasText: 'Sunday dinners' }).getByRole('button', { name: 'Delete' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your answer?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('confirm-challenge')).toBeFocused();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
  });

  await ownerContext.close();
  await memberContext.close();
});

test('signed out from another device: the open canvas says so at once, and a tab elsewhere on its next call', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const desk = await browser.newContext({ baseURL: appUrl });
  const owner = await familyOwner(inbox, desk, appUrl, { firstName: 'Maria', entityName: 'Two Screens Family' });
  await createCanvas(desk, appUrl);
  const laptop = await browser.newContext({ baseURL: appUrl });
  await signInContext(laptop, appUrl, owner.email, owner.account.password);
  const phone = await browser.newContext({ baseURL: appUrl });
  await signInContext(phone, appUrl, owner.email, owner.account.password);

  const canvasTab = await laptop.newPage();
  // The live channel is open once the server has answered the tab's first presence. Listened
  // for from the socket's first moment: that answer may come while the tab is still loading.
  const liveAnswered = new Promise<void>((resolve) => canvasTab.on('websocket', (socket) => socket.once('framereceived', () => resolve())));
  await canvasTab.goto('/canvas');
  await expect(canvasTab.getByTestId('canvas-title')).toBeVisible();
  await closeWalkthrough(canvasTab);
  await liveAnswered;
  const elsewhereTab = await phone.newPage();
  await elsewhereTab.goto('/about-app');
  await expect(elsewhereTab.getByRole('heading', { level: 1, name: 'About Family Canvas' })).toBeVisible();
  await closeWalkthrough(elsewhereTab);

  const security = await desk.newPage();
  await security.goto('/profile?tab=security');
  await closeWalkthrough(security);
  const list = security.getByTestId('sessions-list');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await security.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(security.getByText('You are signed in only here.')).toBeVisible();

  // The canvas tab, untouched: the words come by themselves.
  await expect(canvasTab.getByRole('heading', { level: 1, name: 'You were signed out from another device' })).toBeVisible();
  await expect(canvasTab).toHaveURL(/\/session-expired\?reason=signedOut$/);
  expect(await seriousAccessibilityViolations(canvasTab)).toEqual([]);

  // The tab away from the canvas learns it on its next call, in the same words.
  await elsewhereTab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My actions' }).click();
  await expect(elsewhereTab.getByRole('heading', { level: 1, name: 'You were signed out from another device' })).toBeVisible();
  await expect(elsewhereTab.getByRole('heading', { name: 'Your session has expired' })).toHaveCount(0);

  await desk.close();
  await laptop.close();
  await phone.close();
});

test.describe('the header at 1280 px', () => {
  /** The header's row is one line: its height is that of its bar, and nothing in it wraps or sticks out. */
  async function expectOneLine(page: Page): Promise<void> {
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const box = await banner.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(65);
    const measured = await banner.evaluate((header) => {
      const row = header.firstElementChild as HTMLElement;
      // Every visible text in the row sits on one line: a wrapped text has line boxes at two heights.
      const wrapped: string[] = [];
      const walker = header.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = header.ownerDocument.createRange();
        range.selectNodeContents(node);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (tops.size > 1) wrapped.push(node.textContent.trim());
      }
      return { wrapped, overflow: row.scrollWidth - row.clientWidth };
    });
    expect(measured.wrapped).toEqual([]);
    expect(measured.overflow).toBeLessThanOrEqual(0);
    // A long entity name is cut short, not hidden.
    const entity = await banner.getByTestId('entity-switcher').boundingBox();
    expect(entity!.width).toBeGreaterThan(64);
  }

  test('fits one line for a family owner with a long family name', async ({ browser, inbox, baseURL }) => {
    const appUrl = baseURL!;
    const context = await browser.newContext({ baseURL: appUrl });
    await familyOwner(inbox, context, appUrl, { firstName: 'Maria', entityName: 'The Extraordinarily Long-Named Lovelace Family' });
    const page = await context.newPage();
    await page.goto('/about-app');
    await closeWalkthrough(page);
    await expectOneLine(page);
    await context.close();
  });

  test('fits one line for an advisor company owner with a long company name', async ({ browser, inbox, baseURL }) => {
    const appUrl = baseURL!;
    const context = await browser.newContext({ baseURL: appUrl });
    await companyOwner(inbox, context, appUrl, { entityName: 'Northwind Wealth and Family Office Advisors International' });
    const page = await context.newPage();
    await page.goto('/about-app');
    await closeWalkthrough(page);
    await expectOneLine(page);
    await context.close();
  });
});

test('/robots.txt is a robots file, as text, not the app', async ({ request, baseURL }) => {
  const response = await request.get(`${baseURL!}/robots.txt`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/$/m);
  expect(text).not.toContain('<html');
});
