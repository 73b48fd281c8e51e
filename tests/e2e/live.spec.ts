import { expect, test } from './support/fixtures';
import { familyOwner, invitedMember } from './support/canvas';
import { canvasCategories, closeWalkthrough, createTakeaway } from './support/history';
import { createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * The live canvas, in two browsers: what one member adds appears on the other's open
 * canvas without a reload, and each sees who else is there.
 */

test.setTimeout(120_000);

test('a takeaway one member adds appears on the other’s open canvas without a reload, with who is here', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Live Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [category] = await canvasCategories(memberContext, appUrl);

  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/canvas');
  await expect(ownerPage.getByTestId('canvas-title')).toBeVisible();
  await closeWalkthrough(ownerPage);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/canvas-category/${category!.id}`);
  await expect(memberPage.getByTestId('category-title')).toBeVisible();

  await test.step('each sees the other in the header, and the owner sees Sofia on her category', async () => {
    await expect(ownerPage.getByRole('list', { name: 'On this canvas now' }).getByText('Sofia Member')).toBeAttached();
    await expect(memberPage.getByRole('list', { name: 'On this canvas now' }).getByText(/^Maria /)).toBeAttached();
    const card = ownerPage.getByRole('article', { name: category!.title });
    await expect(card.getByRole('list', { name: 'Here now' }).getByText('Sofia Member')).toBeAttached();
  });

  await test.step('the member adds a takeaway; the owner’s overview shows it within a second, from the event, with who added it', async () => {
    // The open's catch-up (the newest event noted, the canvas read again) is over before the change.
    await ownerPage.waitForLoadState('networkidle');
    const navigations: string[] = [];
    ownerPage.on('framenavigated', (frame) => navigations.push(frame.url()));
    const canvasReads: string[] = [];
    ownerPage.on('request', (request) => {
      if (
        request.method() === 'GET' &&
        new URL(request.url()).pathname.startsWith('/api/canvas') &&
        !new URL(request.url()).pathname.startsWith('/api/canvas/history')
      )
        canvasReads.push(request.url());
    });
    await createTakeaway(memberContext, appUrl, category!.id, 'Keep the lake house');
    const card = ownerPage.getByRole('article', { name: category!.title });
    await expect(card.getByText('Keep the lake house')).toBeVisible({ timeout: 1_500 });
    await expect(card.getByTestId('live-changed-by')).toHaveText('Changed by Sofia Member');
    expect(navigations).toEqual([]);
    // Patched from the event: the canvas was not read again.
    expect(canvasReads).toEqual([]);
  });
});

test('two people edit one takeaway: the other sees who is editing, and the later save shows both versions instead of overwriting', async ({
  browser,
  inbox,
  baseURL,
}) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Conflict Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [category] = await canvasCategories(memberContext, appUrl);
  const takeawayId = await createTakeaway(memberContext, appUrl, category!.id, 'Keep the lake house');

  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/canvas-category/${category!.id}`);
  await expect(memberPage.getByTestId('category-title')).toBeVisible();
  await closeWalkthrough(memberPage);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/canvas-category/${category!.id}`);
  await expect(ownerPage.getByTestId('category-title')).toBeVisible();
  await closeWalkthrough(ownerPage);

  await ownerPage.getByTestId('takeaway').getByRole('button', { name: 'Keep the lake house', exact: true }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Takeaway' });
  await expect(dialog).toBeVisible();
  await expect(memberPage.getByTestId('takeaway').getByTestId('live-editing')).toHaveText(/^Maria .* is editing this$/);

  // Sofia saves her change first (the version she read).
  const update = await apiOf(memberContext.request, appUrl).call('updateTakeaway', {
    params: { id: takeawayId },
    body: { title: 'Sell the lake house', version: 1 },
  });
  expect(update.status(), await update.text()).toBe(200);

  const title = dialog.getByRole('textbox', { name: /Title/ });
  await title.fill('Keep the lake house for the grandchildren');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const panel = dialog.getByTestId('item-changed');
  await expect(panel).toContainText('Sofia Member changed this');
  await expect(panel.getByTestId('item-changed-theirs')).toContainText('Sell the lake house');
  await expect(title).toHaveValue('Keep the lake house for the grandchildren');

  await panel.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(memberPage.getByTestId('takeaway').getByRole('button', { name: 'Keep the lake house for the grandchildren', exact: true })).toBeVisible({
    timeout: 2_000,
  });
});
