import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { challengeAnswer, familyOwner, invitedMember } from './support/canvas';
import { canvasCategories, categoryContent, closeWalkthrough, createActionPoint, createGoal, createTakeaway, toast } from './support/history';
import { advisorCompanyInvitedBy, createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * Every change recorded, as the family lives it: a goal deleted by one member comes back
 * with its links when an admin restores it from "Recently deleted"; Ctrl+Z undoes one's
 * own edit and never someone else's; the owner reads which advisor opened which section.
 */

test.setTimeout(120_000);

test('a member deletes a linked goal; the owner restores it from Recently deleted and both links are back', async ({ browser, inbox, baseURL }, testInfo) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Restore Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [category] = await canvasCategories(memberContext, appUrl);
  const takeawayId = await createTakeaway(memberContext, appUrl, category!.id, 'Keep the house in the family');
  const goalId = await createGoal(memberContext, appUrl, category!.id, 'Set up a family trust', { linkedTakeawayIds: [takeawayId] });
  const actionId = await createActionPoint(memberContext, appUrl, category!.id, 'Meet the notary', { linkedGoalIds: [goalId] });

  await test.step('the member deletes the goal; the toast offers Undo', async () => {
    const page = await memberContext.newPage();
    await page.goto(`/canvas-category/${category!.id}`);
    await expect(page.getByTestId('category-title')).toBeVisible();
    await closeWalkthrough(page);
    await page.getByRole('article', { name: 'Set up a family trust' }).dblclick();
    const goalDialog = page.getByRole('dialog', { name: 'Goal', exact: true });
    await goalDialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this goal?' });
    const label = (await confirm.getByTestId('confirm-challenge').getAttribute('aria-label')) ?? (await confirm.locator('label').first().innerText());
    await confirm.getByTestId('confirm-challenge').fill(challengeAnswer(label));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'The goal has been deleted.')).toBeVisible();
    await expect(toast(page, 'The goal has been deleted.').getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Set up a family trust' })).toHaveCount(0);
    await page.close();
  });

  await test.step('the owner finds it in Recently deleted and restores it', async () => {
    const page = await ownerContext.newPage();
    await page.goto('/canvas');
    await expect(page.getByTestId('canvas-title')).toBeVisible();
    await closeWalkthrough(page);
    await page.getByRole('button', { name: 'Activity' }).click();
    const panel = page.getByRole('dialog', { name: 'Activity' });
    await expect(panel.getByTestId('history-event').filter({ hasText: 'Sofia Member deleted the goal “Set up a family trust”' })).toBeVisible();
    await expect(
      panel
        .getByTestId('history-event')
        .filter({ hasText: /\d{2}\.\d{2}\.\d{4}/ })
        .first(),
    ).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('activity-1280.png') });

    await panel.getByRole('tab', { name: 'Recently deleted' }).click();
    const deleted = panel.getByTestId('deleted-item').filter({ hasText: 'Set up a family trust' });
    await expect(deleted).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('deleted-1280.png') });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: testInfo.outputPath('deleted-375.png') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await deleted.getByRole('button', { name: 'Restore “Set up a family trust”' }).click();
    await expect(toast(page, '“Set up a family trust” has been restored.')).toBeVisible();
    await expect(panel.getByTestId('deleted-item').filter({ hasText: 'Set up a family trust' })).toHaveCount(0);

    await panel.getByRole('tab', { name: 'All changes' }).click();
    await page.screenshot({ path: testInfo.outputPath('activity-375.png') });
    // The feed opens the restored goal's change, and from it the goal on its category page.
    await panel.getByRole('button', { name: /You restored the goal “Set up a family trust”/ }).click();
    await panel.getByRole('button', { name: 'Open the item' }).click();
    await expect(page).toHaveURL(new RegExp(`/canvas-category/${category!.id}`));
    await expect(page.getByRole('dialog', { name: 'Goal', exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Goal', exact: true }).getByRole('group', { name: 'Linked takeaways' })).toContainText(
      'Keep the house in the family',
    );
    await expect(page.getByRole('dialog', { name: 'Goal', exact: true }).getByRole('group', { name: 'Linked action points' })).toContainText('Meet the notary');
  });

  // Both sides of both links, as the API has them.
  const content = await categoryContent(memberContext, appUrl, category!.id);
  expect(content.goals.find((goal) => goal.id === goalId)).toMatchObject({ linkedTakeawayIds: [takeawayId], linkedActionPointIds: [actionId] });
  expect(content.takeaways.find((takeaway) => takeaway.id === takeawayId)?.linkedGoalIds).toEqual([goalId]);
  expect(content.actionPoints.find((action) => action.id === actionId)?.linkedGoalIds).toEqual([goalId]);
  await Promise.all([ownerContext.close(), memberContext.close()]);
});

test('Ctrl+Z undoes the user’s own edit, not the later change of someone else', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Daniel', entityName: 'Undo Family' });
  await createCanvas(ownerContext, appUrl);
  await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Lucia', lastName: 'Member' });
  const [category] = await canvasCategories(ownerContext, appUrl);
  await createGoal(ownerContext, appUrl, category!.id, 'Buy a boat');
  const theirGoal = await createGoal(memberContext, appUrl, category!.id, 'Learn to sail');

  const page = await ownerContext.newPage();
  await page.goto(`/canvas-category/${category!.id}`);
  await expect(page.getByTestId('category-title')).toBeVisible();
  await closeWalkthrough(page);

  await page.getByRole('article', { name: 'Buy a boat' }).dblclick();
  const goalDialog = page.getByRole('dialog', { name: 'Goal', exact: true });
  await goalDialog.getByRole('textbox', { name: /Title/ }).fill('Buy a small boat');
  await goalDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The goal has been saved.')).toBeVisible();
  await expect(goalDialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Buy a small boat' })).toBeVisible();

  // Someone else changes the canvas after: Ctrl+Z still only undoes the owner's own edit.
  const patched = await apiOf(memberContext.request, appUrl).call('updateGoal', { params: { id: theirGoal }, body: { title: 'Learn to sail well' } });
  expect(patched.status(), await patched.text()).toBe(200);

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(toast(page, 'Your change has been undone.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Buy a boat' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Buy a small boat' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Learn to sail well' })).toBeVisible();

  // Nothing more of the owner's own to undo than the goal's creation; the member's edit stays.
  const content = await categoryContent(ownerContext, appUrl, category!.id);
  expect(content.goals.map((goal) => goal.title).sort()).toEqual(['Buy a boat', 'Learn to sail well']);
  await Promise.all([ownerContext.close(), memberContext.close()]);
});

test('the owner reads the advisor access log after a section-limited advisor opened the canvas', async ({ browser, inbox, baseURL }, testInfo) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Elena', entityName: 'Access Family' });
  const { familyId, sections } = await createCanvas(familyContext, appUrl);
  const shared = sections[0]!;
  await advisorCompanyInvitedBy(inbox, familyContext, advisorContext, appUrl, {
    canvasSections: [shared.id],
    companyName: 'Lookout Advisors',
    firstName: 'Omar',
    lastName: 'Reader',
  });

  const advisorPage = await advisorContext.newPage();
  await advisorPage.goto(`/canvas/${familyId}`);
  await expect(advisorPage.getByTestId('canvas-title')).toBeVisible();

  const page = await familyContext.newPage();
  await page.goto('/my-family?tab=advisor-access');
  await closeWalkthrough(page);
  const row = page.getByTestId('access-log-row').filter({ hasText: 'Omar Reader' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Lookout Advisors');
  await expect(row).toContainText(shared.title);
  await expect(row).toContainText('Read');
  // Only the shared section was read.
  await expect(page.getByTestId('access-log-row')).toHaveCount(1);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('access-log-1280.png'), fullPage: true });

  // Sorting by a column keeps the row; the CSV holds the same read.
  await page
    .getByRole('button', { name: /Section/ })
    .first()
    .click();
  await expect(row).toBeVisible();
  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await familyContext.request.get(`${appUrl}${csvHref}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Omar');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: testInfo.outputPath('access-log-375.png'), fullPage: true });
  await Promise.all([familyContext.close(), advisorContext.close()]);
});
