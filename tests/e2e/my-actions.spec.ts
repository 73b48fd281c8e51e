import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, dayIn, formatDay } from '../../shared/dates';
import { nextDigestHour } from '../../shared/digest-schedule';
import { expect, seriousAccessibilityViolations, test, type StoredEmail } from './support/fixtures';
import { familyOwner, invitedMember } from './support/canvas';
import { canvasCategories, closeWalkthrough } from './support/history';
import { e2eEnv, requiredEnv } from './support/env';
import { createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * Due dates and "My actions", and the weekly digest end to end: the owner gives a member
 * an action point with a due date; the member finds it on My actions and sees it turn
 * overdue once the (fake) clock passes the date; `npm run job -- digest` sends the member
 * a digest through the SES emulator, and its unsubscribe link works without a session.
 */

test.setTimeout(180_000);

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * The environment of an operator's shell: this process's, without what the local stack in it set for itself (its
 * concurrent invocations, infra/local/invocations.ts), which a job run in a process of its own must not inherit.
 */
function operatorShell(): NodeJS.ProcessEnv {
  const { AWS_LAMBDA_MAX_CONCURRENCY: _stackOnly, ...shell } = process.env;
  return shell;
}

/** `npm run job -- digest --now …` against this run's stack, as an operator would. */
async function runDigestJob(now: Date, appUrl: string): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'job', '--', 'digest', '--now', now.toISOString()], {
    cwd: repositoryRoot,
    env: {
      ...operatorShell(),
      DYNAMODB_ENDPOINT: requiredEnv(e2eEnv.dynamoUrl),
      TABLE_NAME: requiredEnv(e2eEnv.tableName),
      SES_ENDPOINT: requiredEnv(e2eEnv.inboxUrl),
      APP_URL: appUrl,
    },
    timeout: 60_000,
  });
  return stdout;
}

test('an owner sets a due date; the member sees it on My actions, overdue later; the digest arrives and its unsubscribe link works', async ({
  browser,
  inbox,
  baseURL,
}, testInfo) => {
  const appUrl = baseURL!;
  const ownerContext = await browser.newContext({ baseURL: appUrl });
  const memberContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, ownerContext, appUrl, { firstName: 'Maria', entityName: 'Duedate Family' });
  await createCanvas(ownerContext, appUrl);
  const member = await invitedMember(inbox, ownerContext, memberContext, appUrl, { entityRoleId: 3, firstName: 'Sofia', lastName: 'Member' });
  const [category] = await canvasCategories(ownerContext, appUrl);
  const title = 'Send the signed lease';
  const today = dayIn(new Date(), 'UTC');
  const dueDate = addDays(today, 2);

  await test.step('the owner assigns an action point to the member with a due date', async () => {
    const page = await ownerContext.newPage();
    await page.goto(`/canvas-category/${category!.id}`);
    await closeWalkthrough(page);
    await page.getByTestId('category-action-points').getByRole('button', { name: 'Add action point' }).click();
    const dialog = page.getByRole('dialog', { name: 'New action point' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByLabel('Assignee').selectOption(member.userId);
    // A day that does not exist is refused in the form (Save stays off until it is fixed).
    await dialog.getByRole('textbox', { name: /Due date/ }).fill('31.02.2030');
    await dialog.getByRole('textbox', { name: /Due date/ }).press('Tab');
    await expect(dialog.getByText('Enter a real date as day.month.year, e.g. 24.12.2026.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: /Due date/ }).fill(formatDay(dueDate));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByTestId('due-date')).toHaveText(`Due ${formatDay(dueDate)}`);
    await page.close();
  });

  await test.step('the member finds it on My actions, from the header', async () => {
    const page = await memberContext.newPage();
    await page.goto('/canvas');
    await closeWalkthrough(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My actions' }).click();
    await expect(page).toHaveURL(/\/my-actions$/);
    const item = page.getByTestId('my-action').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Duedate Family');
    await expect(item.getByTestId('my-action-due')).toHaveText(formatDay(dueDate));
    await expect(item).not.toHaveAttribute('data-overdue', 'true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('my-actions-1280.png') });

    // Filters: "this week" or "later" holds it, "overdue" not.
    await page.getByLabel('Due').selectOption('overdue');
    await expect(page.getByTestId('my-action')).toHaveCount(0);
    await page.getByLabel('Due').selectOption('');

    // Click-through: the item opens in its category.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/canvas-category/${category!.id}`));
    const opened = page.getByRole('dialog', { name: 'Action point' });
    await expect(opened).toBeVisible();
    await expect(opened.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await page.close();
  });

  await test.step('once the clock passes the due date, it is overdue', async () => {
    const page = await memberContext.newPage();
    await page.clock.setFixedTime(new Date(`${addDays(dueDate, 2)}T09:00:00Z`));
    await page.goto('/my-actions');
    const item = page.getByTestId('my-action').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-overdue', 'true');
    await expect(item.getByText('Overdue', { exact: true })).toBeVisible();
    await page.getByLabel('Due').selectOption('overdue');
    await expect(page.getByTestId('my-action')).toHaveCount(1);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: testInfo.outputPath('my-actions-overdue-375.png'), fullPage: true });
    await page.close();
  });

  let digest: StoredEmail | undefined;
  await test.step('npm run job -- digest sends the member the weekly digest', async () => {
    const monday = new Date(nextDigestHour('weekly', 'UTC', new Date())!.getTime() + 10 * 60_000);
    const output = await runDigestJob(monday, appUrl);
    // Other tests' users share this stack: at least the member's digest went out.
    expect(JSON.parse(output.trim().split('\n').pop()!).sent).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await inbox.to(member.email)).filter((mail) => mail.subject.startsWith('Your Family Canvas')).length).toBe(1);
    digest = (await inbox.to(member.email)).find((mail) => mail.subject.startsWith('Your Family Canvas'));
    // On that Monday the item is overdue when its date came before.
    const isOverdueThen = dueDate < dayIn(monday, 'UTC');
    expect(digest!.subject).toBe(`Your Family Canvas week: 1 change, 1 open action point${isOverdueThen ? ' (1 overdue)' : ''}`);
    expect(digest!.body.text).toContain(`- ${title} — Duedate Family, ${category!.title}, ${isOverdueThen ? 'OVERDUE, due' : 'due'} ${formatDay(dueDate)}`);
    expect(digest!.body.text).toContain(`Maria`);
    // Run again for the same week: nothing more is sent.
    expect(JSON.parse((await runDigestJob(monday, appUrl)).trim().split('\n').pop()!)).toMatchObject({ sent: 0 });
  });

  await test.step('the unsubscribe link asks first, then unsubscribes without a session', async () => {
    const link = /(\S+\/unsubscribe\?token=\S+)/.exec(digest!.body.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const anonymous = await browser.newContext({ baseURL: appUrl });
    const page = await anonymous.newPage();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    // Opening the link changed nothing yet (mail scanners open links too).
    const token = new URL(link!).searchParams.get('token')!;
    expect(await (await apiOf(anonymous.request).call('getUnsubscribe', { query: { token } })).json()).toEqual({ digest: 'weekly' });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-done')).toHaveText('You are unsubscribed. No more digests will be sent.');
    expect(await (await apiOf(anonymous.request).call('getUnsubscribe', { query: { token } })).json()).toEqual({ digest: 'off' });
    await anonymous.close();
  });
});
