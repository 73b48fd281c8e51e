import * as z from 'zod';
import { dayIn, dueStateOf, formatDay, parseDay, type DueState } from '../../../../../shared/dates';

/**
 * Due dates in the forms and on the cards: typed and shown as day.month.year, sent as
 * YYYY-MM-DD (shared/dates.ts holds the rules the server uses too).
 */

/** The form field: empty (no due date) or a real day written day.month.year. */
export const dueDateRule = z.string().refine((typed) => typed.trim() === '' || parseDay(typed) !== undefined, { error: 'forms.errorMessages.date' });

/** The stored day as the form shows it. */
export const typedDueDate = (dueDate: string | null | undefined): string => (dueDate ? formatDay(dueDate) : '');

/** The form's text as the API takes it: null for none. */
export const dueDateOfTyped = (typed: string): string | null => (typed.trim() ? (parseDay(typed) ?? null) : null);

/** Today in the browser's time zone. */
export const today = (): string => dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

export const dueStateToday = (dueDate: string | null | undefined): DueState => dueStateOf(dueDate, today());
