/**
 * Calendar days (due dates) and the time zones they are read in, shared by the browser and
 * the server: one rule for "overdue", "this week" and how a day is written on screen.
 * On the wire a day is `YYYY-MM-DD`; on screen `day.month.year` (e.g. 24.12.2026).
 */

const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = calendarDayPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What a date reads as when there is none, or none that can be read. */
export const noDate = '-';

/** 2026-12-24 → 24.12.2026 (the product's on-screen form); `noDate` for anything else. */
export function formatDay(day: string): string {
  const match = calendarDayPattern.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : noDate;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment (an ISO timestamp) as the day it falls on in the reader's time zone, written
 * day.month.year (05.03.2026); with `withTime`, also hours and minutes (05.03.2026 14:07).
 * `noDate` when there is none or it cannot be read.
 */
export function formatDate(value: string | null | undefined, options: { withTime?: boolean } = {}): string {
  if (!value) return noDate;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return noDate;
  const day = `${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}.${date.getFullYear()}`;
  return options.withTime ? `${day} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : day;
}

/** A moment as day.month.year and the time of day (a change is a moment, not a day). */
export function formatDateTime(value: string | null | undefined): string {
  return formatDate(value, { withTime: true });
}

/** Whether an IANA time zone name is one this runtime knows (Europe/Berlin, UTC). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day `days` after a calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Monday of the ISO week of a calendar day. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

export const dueStates = ['overdue', 'thisWeek', 'later', 'none'] as const;
export type DueState = (typeof dueStates)[number];

/**
 * Where a due date stands on `today`: before today is overdue; today up to Sunday of this
 * week is this week; after that, later; no date, none.
 */
export function dueStateOf(dueDate: string | null | undefined, today: string): DueState {
  if (!dueDate) return 'none';
  if (dueDate < today) return 'overdue';
  if (dueDate <= addDays(mondayOf(today), 6)) return 'thisWeek';
  return 'later';
}

/**
 * What a person types → YYYY-MM-DD; undefined when it is no real day. One parser for every
 * date field (docs/product/shell.md "Dates"): three forms are read, each with a four-digit year:
 * - day.month.year, the on-screen form: `31.12.2026`, `4.2.2026`;
 * - year-month-day (ISO): `2026-12-31`, `2026-2-4`;
 * - month/day/year (en-US): `12/31/2026`. A slash always means month first, so the ambiguous
 *   `01/02/2026` is January 2nd; the dot form is the one for day first.
 * Two-digit years (`24.12.26`) are not accepted: 1926 or 2026 is not ours to guess.
 */
export function parseDay(typed: string): string | undefined {
  const text = typed.trim();
  let parts: [string, string, string] | undefined; // year, month, day
  let match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (match) parts = [match[3]!, match[2]!, match[1]!];
  if (!parts && (match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text))) parts = [match[1]!, match[2]!, match[3]!];
  if (!parts && (match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) parts = [match[3]!, match[1]!, match[2]!];
  if (!parts) return undefined;
  const day = `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
  return isCalendarDay(day) ? day : undefined;
}

/** A month's title in a calendar: "December 2026" (month 1–12). */
export function monthTitle(year: number, month: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A calendar day's full name for screen readers: "Thursday, December 31, 2026". */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Short weekday names, Monday first (the calendar's weeks start on Monday, like `mondayOf`). */
export function weekdayNames(): Array<{ short: string; long: string }> {
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => {
    const date = new Date(Date.UTC(2026, 0, 5 + offset)); // 2026-01-05 is a Monday
    const name = (weekday: 'short' | 'long') => new Intl.DateTimeFormat('en-US', { weekday, timeZone: 'UTC' }).format(date);
    return { short: name('short'), long: name('long') };
  });
}
