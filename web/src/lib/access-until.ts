import { dayIn, formatDay, parseDay } from '../../../shared/dates';
import type { MessageKey } from '../messages/en-US';

/**
 * Time-boxed access in the forms (canvas-rights tab, invite-advisor form): typed
 * day.month.year, sent YYYY-MM-DD. The last day counts; access ends at the end of it in
 * UTC (shared/permissions.ts isWorkRelationAccessOpen), so "today" is the UTC day here too.
 */
export const typedAccessUntil = (accessUntil: string | null | undefined): string => (accessUntil ? formatDay(accessUntil) : '');

/** The typed date as the wire wants it: null for an empty field, undefined for one that is not a date. */
export function accessUntilOfTyped(typed: string): string | null | undefined {
  return typed.trim() ? parseDay(typed) : null;
}

/** The message key for a typed end date, or null when it is fine (empty is fine: no end). */
export function accessUntilError(typed: string, now: Date = new Date()): MessageKey | null {
  const day = accessUntilOfTyped(typed);
  if (day === undefined) return 'forms.errorMessages.date';
  if (day !== null && day < dayIn(now, 'UTC')) return 'accessUntil.past';
  return null;
}
