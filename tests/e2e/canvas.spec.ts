import type { Page } from '@playwright/test';
import { challengeAnswer, familyOwner, invitedMember } from './support/canvas';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';

/**
 * The canvas of docs/product/canvas.md as two family members work on it side by side, in two browser
 * contexts: one answers and the other votes; a takeaway, a goal linked to it and an
 * action point linked to the goal; completing the goal warns about the open action; a
 * limited member sees everything and changes nothing; a reset empties the canvas.
 */

test.setTimeout(120_000);

async function openCategory(page: Page, title: string) {
  await page.getByRole('link', { name: `Open ${title} full screen` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The page's vertical scroll position (the tests' TypeScript has no DOM types). */
function scrollTop(page: Page): Promise<number> {
  return page.evaluate(() => Math.round((globalThis as unknown as { scrollY: number }).scrollY));
}

async function expectToast(page: Page, text: string) {
  // A first login opens the walkthrough, a modal that hides the rest of the page from the
  // accessibility tree while the toast stays on screen: look for it among hidden nodes too.
  await expect(page.getByRole('status', { includeHidden: true }).filter({ hasText: text }).first()).toBeVisible();
}

test('two family members work on the canvas together; a limited member only looks; a reset empties it', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  const limitedContext = await browser.newContext({ baseURL: appUrl });

  const owner = await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Ada', entityName: 'Lovelace Family' });
  const [member, limited] = await Promise.all([
    invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Byron' }),
    invitedMember(inbox, ownerContext, limitedContext, appUrl, { entityRoleId: 4, firstName: 'Lena' }),
  ]);
  const ownerPage = await owner.context.newPage();
  const memberPage = await member.context.newPage();
  const limitedPage = await limited.context.newPage();

  const answerText = 'We value honesty and showing up for each other.';
  const takeawayTitle = 'Honesty comes first';
  const goalTitle = 'Hold a monthly family dinner';
  const actionTitle = 'Book the first dinner';
  let categoryUrl = '';

  await test.step('the owner finds the canvas the signup created', async () => {
    await ownerPage.goto('/canvas');
    await expect(ownerPage.getByTestId('canvas-title')).toHaveText('Lovelace Family Canvas');
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Your family has no canvas yet' })).toHaveCount(0);
    await expect(ownerPage.getByRole('tab', { name: 'Questions and takeaways' })).toHaveAttribute('aria-selected', 'true');
    await expect(ownerPage.getByRole('heading', { level: 2, name: 'The Four Abundances' })).toBeVisible();
    // The empty canvas opens with the intro; once dismissed it stays away.
    const intro = ownerPage.getByRole('region', { name: 'How the canvas works' });
    await expect(intro).toBeVisible();
    expect(await seriousAccessibilityViolations(ownerPage)).toEqual([]);
    await intro.getByRole('button', { name: 'Got it' }).click();
    await expect(intro).toHaveCount(0);
    await ownerPage.reload();
    await expect(ownerPage.getByRole('heading', { level: 2, name: 'The Four Abundances' })).toBeVisible();
    await expect(intro).toHaveCount(0);
  });

  await test.step('the owner answers a question', async () => {
    await openCategory(ownerPage, 'Our Values');
    categoryUrl = ownerPage.url();
    await ownerPage.getByRole('textbox', { name: 'Your answer' }).fill(answerText);
    await ownerPage.getByRole('button', { name: 'Add answer' }).click();
    await expectToast(ownerPage, 'Your answer has been added.');
    const answer = ownerPage.getByTestId('answer').filter({ hasText: answerText });
    await expect(answer).toContainText('Your answer');
    // One answer per question: the form is gone, and one's own answer has no vote button.
    await expect(ownerPage.getByRole('textbox', { name: 'Your answer' })).toHaveCount(0);
    await expect(answer.getByRole('button', { name: /Vote for this/ })).toHaveCount(0);
    expect(await seriousAccessibilityViolations(ownerPage)).toEqual([]);
  });

  await test.step('the other member votes for it', async () => {
    await memberPage.goto(categoryUrl);
    const answer = memberPage.getByTestId('answer').filter({ hasText: answerText });
    await answer.getByRole('button', { name: /Vote for this/ }).click();
    await expect(answer.getByTestId('vote-count')).toHaveAttribute('data-votes', '1');
    await expect(answer.getByRole('button', { name: /Remove your vote/ })).toHaveAttribute('aria-pressed', 'true');
    await ownerPage.reload();
    await expect(ownerPage.getByTestId('answer').filter({ hasText: answerText }).getByTestId('vote-count')).toHaveAttribute('data-votes', '1');
  });

  await test.step('the member writes a takeaway, a goal linked to it and an action point linked to the goal', async () => {
    await memberPage.getByRole('button', { name: 'Add takeaway' }).click();
    const takeawayDialog = memberPage.getByRole('dialog', { name: 'New takeaway' });
    await takeawayDialog.getByRole('textbox', { name: 'Title' }).fill(takeawayTitle);
    await takeawayDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(memberPage, 'The takeaway has been added.');
    await expect(takeawayDialog).toBeHidden();

    await memberPage.getByTestId('category-goals').getByRole('button', { name: 'Add goal' }).click();
    const goalDialog = memberPage.getByRole('dialog', { name: 'New goal' });
    await goalDialog.getByRole('textbox', { name: 'Title' }).fill(goalTitle);
    await goalDialog.getByLabel('Term').selectOption('ShortTerm');
    await goalDialog.getByRole('group', { name: 'Linked takeaways' }).getByRole('checkbox', { name: takeawayTitle }).check();
    await goalDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(memberPage, 'The goal has been created.');
    await expect(goalDialog).toBeHidden();
    await expect(memberPage.getByTestId('category-goals-ShortTerm').getByRole('article', { name: goalTitle })).toBeVisible();

    await memberPage.getByTestId('category-action-points').getByRole('button', { name: 'Add action point' }).click();
    const actionDialog = memberPage.getByRole('dialog', { name: 'New action point' });
    await actionDialog.getByRole('textbox', { name: 'Title' }).fill(actionTitle);
    await actionDialog.getByLabel('Priority').selectOption('HighPriority');
    await actionDialog.getByRole('group', { name: 'Linked goals' }).getByRole('checkbox', { name: goalTitle }).check();
    await actionDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(memberPage, 'The action point has been created.');
    await expect(memberPage.getByTestId('category-action-points-HighPriority').getByRole('article', { name: actionTitle })).toBeVisible();
  });

  await test.step('the links show on both sides', async () => {
    // Hovering the takeaway lights up its goal and the goal's action point.
    await memberPage.getByTestId('takeaway').filter({ hasText: takeawayTitle }).hover();
    await expect(memberPage.getByRole('article', { name: goalTitle })).toHaveAttribute('data-highlighted', 'true');
    await expect(memberPage.getByRole('article', { name: actionTitle })).toHaveAttribute('data-highlighted', 'true');

    // The owner opens the goal (not theirs: read-only) and sees both links.
    await ownerPage.reload();
    await ownerPage.getByRole('article', { name: goalTitle }).dblclick();
    const goalDialog = ownerPage.getByRole('dialog', { name: 'Goal', exact: true });
    await expect(goalDialog.getByText('You can view this item but not change it.')).toBeVisible();
    await expect(goalDialog.getByRole('group', { name: 'Linked takeaways' })).toContainText(takeawayTitle);
    await expect(goalDialog.getByRole('group', { name: 'Linked action points' })).toContainText(actionTitle);
    await goalDialog.getByRole('button', { name: 'Close' }).first().click();

    // The takeaway and the action point point back at the goal.
    await ownerPage.getByRole('button', { name: takeawayTitle, exact: true }).click();
    const takeawayDialog = ownerPage.getByRole('dialog', { name: 'Takeaway', exact: true });
    await expect(takeawayDialog.getByRole('checkbox', { name: goalTitle })).toBeChecked();
    await takeawayDialog.getByRole('button', { name: 'Cancel' }).click();
    await ownerPage.getByRole('article', { name: actionTitle }).focus();
    await ownerPage.keyboard.press('Enter');
    const actionDialog = ownerPage.getByRole('dialog', { name: 'Action point', exact: true });
    await expect(actionDialog.getByRole('group', { name: 'Linked goals' })).toContainText(goalTitle);
    await actionDialog.getByRole('button', { name: 'Close' }).first().click();
  });

  await test.step('completing the goal warns about the open action point', async () => {
    await memberPage.getByRole('article', { name: goalTitle }).dblclick();
    const goalDialog = memberPage.getByRole('dialog', { name: 'Goal', exact: true });
    await goalDialog.getByRole('button', { name: 'Mark as completed' }).click();
    const warning = memberPage.getByRole('dialog', { name: 'Complete this goal?' });
    await expect(warning).toContainText('linked action points that are not completed yet');
    await expect(warning).toContainText('Completing the goal does not complete them.');
    await warning.getByRole('button', { name: 'Complete goal' }).click();
    await expectToast(memberPage, 'The goal is completed.');
    await expect(goalDialog).toBeHidden();
    const shortTerm = memberPage.getByTestId('category-goals-ShortTerm');
    await shortTerm.getByRole('button', { name: 'Show completed (1)' }).click();
    await expect(shortTerm.getByRole('article', { name: goalTitle })).toBeVisible();
  });

  await test.step('a limited member sees everything and can change nothing', async () => {
    await limitedPage.goto('/canvas');
    await expect(limitedPage.getByTestId('canvas-title')).toHaveText('Lovelace Family Canvas');
    await expect(limitedPage.getByRole('article', { name: 'Our Values' })).toContainText(takeawayTitle);
    await expect(limitedPage.getByRole('article', { name: 'Our Past' })).toContainText('Nothing here yet, check later.');
    // Reading is enough to take the plan book home; sharing and reset are not offered.
    await limitedPage.getByRole('button', { name: 'Canvas settings' }).click();
    await expect(limitedPage.getByRole('menuitem')).toHaveText(['Plan book']);
    await limitedPage.keyboard.press('Escape');
    await expect(limitedPage.getByRole('button', { name: 'Edit canvas title' })).toHaveCount(0);
    await limitedPage.getByRole('tab', { name: 'Goals and actions' }).click();
    await expect(limitedPage.getByTestId('canvas-action-points-HighPriority').getByRole('article', { name: actionTitle })).toBeVisible();
    await expect(limitedPage.getByRole('button', { name: 'Add goal' })).toHaveCount(0);
    await expect(limitedPage.getByRole('button', { name: 'Add action point' })).toHaveCount(0);

    // Coming back from a category restores the canvas where it was left (and on the same tab).
    await limitedPage.getByRole('tab', { name: 'Questions and takeaways' }).click();
    const future = limitedPage.getByRole('link', { name: 'Open Our Future full screen' });
    await future.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollTop(limitedPage)).toBeGreaterThan(300);
    const leftAt = await scrollTop(limitedPage);
    await future.click();
    await expect(limitedPage.getByRole('heading', { level: 1, name: 'Our Future' })).toBeVisible();
    await limitedPage.getByRole('link', { name: 'Go back to canvas' }).click();
    await expect(limitedPage.getByTestId('canvas-title')).toBeVisible();
    await expect.poll(() => scrollTop(limitedPage)).toBeGreaterThan(leftAt - 5);

    await limitedPage.goto(categoryUrl);
    await expect(limitedPage.getByTestId('answer').filter({ hasText: answerText })).toBeVisible();
    await expect(limitedPage.getByRole('textbox', { name: 'Your answer' })).toHaveCount(0);
    await expect(limitedPage.getByRole('button', { name: /Vote for this/ })).toHaveCount(0);
    await expect(limitedPage.getByRole('button', { name: 'Add takeaway' })).toHaveCount(0);
    await limitedPage.getByRole('button', { name: takeawayTitle, exact: true }).click();
    const takeawayDialog = limitedPage.getByRole('dialog', { name: 'Takeaway', exact: true });
    await expect(takeawayDialog.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly', '');
    await expect(takeawayDialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(takeawayDialog.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  });

  await test.step('the owner resets the canvas, which empties it', async () => {
    await ownerPage.getByRole('link', { name: 'Go back to canvas' }).click();
    await expect(ownerPage.getByTestId('canvas-title')).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Canvas settings' }).click();
    await ownerPage.getByRole('menuitem', { name: 'Reset canvas' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Reset the canvas?' });
    const challenge = dialog.getByTestId('confirm-challenge');
    await dialog.getByRole('button', { name: 'Reset canvas' }).click();
    await expect(dialog).toContainText('This field is required.');
    const label = (await challenge.getAttribute('aria-label')) ?? (await dialog.locator('label').first().innerText());
    await challenge.fill(challengeAnswer(label));
    await dialog.getByRole('button', { name: 'Reset canvas' }).click();
    await expectToast(ownerPage, 'The canvas has been reset.');
    await expect(dialog).toBeHidden();
    await expect(ownerPage.getByRole('article', { name: 'Our Values' }).getByRole('link', { name: 'Add takeaways to Our Values' })).toBeVisible();
    await ownerPage.getByRole('tab', { name: 'Goals and actions' }).click();
    await expect(ownerPage.getByRole('article', { name: goalTitle })).toHaveCount(0);
    await expect(ownerPage.getByRole('article', { name: actionTitle })).toHaveCount(0);
  });

  await Promise.all([ownerContext.close(), memberContext.close(), limitedContext.close()]);
});
