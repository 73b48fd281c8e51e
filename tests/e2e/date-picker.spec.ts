import type { Locator, Page } from '@playwright/test';
import { addDays, dayIn, formatDay } from '../../shared/dates';
import { familyOwner } from './support/canvas';
import { expect, test } from './support/fixtures';
import { canvasCategories, closeWalkthrough, createActionPoint } from './support/history';
import { advisorCompanyInvitedBy, createCanvas } from './support/work-relations';
import { apiOf } from './support/api';

/**
 * The date field's calendar in the production build (web/src/components/ui/CalendarPopup.tsx), at
 * 1280×800: it opens on the field's day, a day chosen by mouse or by keyboard is written into the
 * field, and that day is what is saved — an action point's due date in its dialog, a work relation's
 * access end date on the company page. The whole calendar is usable: no row of it lies under the
 * dialog's footer.
 */

test.setTimeout(120_000);

/** The day of the month `months` later, clamped: the calendar's Page Down. */
function monthsLater(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, '0')}`;
}

/** The calendar of a date field, opened with its button. */
async function openCalendar(scope: Locator, field: RegExp): Promise<Locator> {
  await scope.getByRole('button', { name: new RegExp(`^Choose ${field.source} from a calendar`) }).click();
  const calendar = scope.page().getByRole('dialog', { name: new RegExp(`^${field.source}.*: calendar$`) });
  await expect(calendar).toBeVisible();
  return calendar;
}

/** Every day button of the calendar is the topmost element at its centre: nothing covers it (a dialog's footer, the page's edge). */
async function expectWholeCalendarUsable(page: Page, calendar: Locator): Promise<void> {
  const covered = await calendar.evaluate((root) => {
    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>('button[data-day]'));
    return buttons
      .filter((button) => {
        const rect = button.getBoundingClientRect();
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        const top = document.elementFromPoint(x, y);
        return !(top && button.contains(top)) || y > window.innerHeight;
      })
      .map((button) => button.dataset.day);
  });
  expect(covered).toEqual([]);
}

test('a due date chosen in the calendar by mouse and by keyboard is saved, and the calendar opens on it', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
  await familyOwner(inbox, context, appUrl, { firstName: 'Dora', entityName: 'Calendar Family' });
  await createCanvas(context, appUrl);
  const [category] = await canvasCategories(context, appUrl);
  await createActionPoint(context, appUrl, category!.id, 'Book the notary');
  const today = dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const page = await context.newPage();
  await page.goto(`/canvas-category/${category!.id}`);
  await closeWalkthrough(page);

  const byMouse = `${monthsLater(today, 1).slice(0, 7)}-14`;
  await test.step('by mouse: the next month, its 14th; the field shows it and the save keeps it', async () => {
    await page.getByRole('article', { name: 'Book the notary' }).dblclick();
    const dialog = page.getByRole('dialog', { name: 'Action point' });
    const calendar = await openCalendar(dialog, /Due date/);
    await expect(calendar.locator(`[data-day="${today}"]`)).toBeFocused();
    await expectWholeCalendarUsable(page, calendar);
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await expectWholeCalendarUsable(page, calendar);
    await calendar.locator(`[data-day="${byMouse}"]`).click();
    await expect(calendar).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: /Due date/ })).toHaveValue(formatDay(byMouse));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Book the notary' }).getByTestId('due-date')).toHaveText(`Due ${formatDay(byMouse)}`);
  });

  const byKeyboard = monthsLater(addDays(byMouse, 8), 1);
  await test.step('by keyboard: the calendar opens on the saved day; a week and a day on, a month on, Enter', async () => {
    await page.getByRole('article', { name: 'Book the notary' }).dblclick();
    const dialog = page.getByRole('dialog', { name: 'Action point' });
    await expect(dialog.getByRole('textbox', { name: /Due date/ })).toHaveValue(formatDay(byMouse));
    const calendar = await openCalendar(dialog, /Due date/);
    const chosen = calendar.locator(`[data-day="${byMouse}"]`);
    await expect(chosen).toBeFocused();
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await expect(calendar.locator(`[data-day="${byKeyboard}"]`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: /Due date/ })).toHaveValue(formatDay(byKeyboard));
    await expect(dialog.getByRole('button', { name: /^Choose Due date from a calendar/ })).toBeFocused();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Book the notary' }).getByTestId('due-date')).toHaveText(`Due ${formatDay(byKeyboard)}`);
  });

  const stored = await apiOf(context.request, appUrl).call('getCategory', { params: { id: category!.id } });
  const content = (await stored.json()) as { actionPoints: Array<{ title: string; dueDate: string | null }> };
  expect(content.actionPoints.find((item) => item.title === 'Book the notary')?.dueDate).toBe(byKeyboard);
  await context.close();
});

test('an access end date chosen in the calendar by mouse and by keyboard is saved', async ({ browser, inbox, baseURL }) => {
  const appUrl = baseURL!;
  const familyContext = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
  const advisorContext = await browser.newContext({ baseURL: appUrl });
  await familyOwner(inbox, familyContext, appUrl, { firstName: 'Ida', entityName: 'Until Family' });
  await createCanvas(familyContext, appUrl);
  await advisorCompanyInvitedBy(inbox, familyContext, advisorContext, appUrl, { companyName: 'Timed Advisors', firstName: 'Tom' });
  const today = dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const page = await familyContext.newPage();
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Timed Advisors' }).click();
  await page.getByRole('tab', { name: 'Canvas rights' }).click();
  const main = page.getByRole('main');

  const byMouse = `${monthsLater(today, 2).slice(0, 7)}-10`;
  await test.step('by mouse', async () => {
    const calendar = await openCalendar(main, /Access until/);
    await expectWholeCalendarUsable(page, calendar);
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.locator(`[data-day="${byMouse}"]`).click();
    await expect(calendar).toBeHidden();
    await expect(main.getByRole('textbox', { name: /Access until/ })).toHaveValue(formatDay(byMouse));
    await main.getByRole('button', { name: 'Save end date' }).click();
    await expect(main.getByText(`Access until ${formatDay(byMouse)} (end of day, UTC)`)).toBeVisible();
  });

  const byKeyboard = addDays(byMouse, -1);
  await test.step('by keyboard, from the saved day', async () => {
    const calendar = await openCalendar(main, /Access until/);
    await expect(calendar.locator(`[data-day="${byMouse}"]`)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press(' ');
    await expect(calendar).toBeHidden();
    await expect(main.getByRole('textbox', { name: /Access until/ })).toHaveValue(formatDay(byKeyboard));
    await main.getByRole('button', { name: 'Save end date' }).click();
    await expect(main.getByText(`Access until ${formatDay(byKeyboard)} (end of day, UTC)`)).toBeVisible();
  });
  await familyContext.close();
  await advisorContext.close();
});
