import { addDays, dayIn } from '../../../shared/dates';
import { isWorkRelationAccessOpen } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { fail } from '../../lib/errors';

/** Today's day in UTC, the day time-boxed access is measured in (shared/permissions.ts isWorkRelationAccessOpen). */
export function accessDayOf(at: Date): string {
  return dayIn(at, 'UTC');
}

/**
 * An end date a family sets (invite-advisor form, canvas-rights tab): today or later in
 * UTC, so access never ends in the past by a typing slip; null means no end. A past day →
 * VALIDATION_ERROR (2) on accessUntil.
 */
export function requireAccessUntilAhead(accessUntil: string | null, at: Date): string | null {
  if (accessUntil === null) return null;
  if (!isWorkRelationAccessOpen(accessUntil, accessDayOf(at))) {
    throw fail('VALIDATION_ERROR', { message: 'The access end date is in the past.', errors: { accessUntil: [messageKeys.invalidInput] } });
  }
  return accessUntil;
}

/** How many days ahead an advisor is told that their access ends (docs/product/dashboard.md#access-ends-banner). */
export const accessEndNoticeDays = 7;

/**
 * The relation's last day while its end is near, on the server's clock: from 7 days before
 * it through the day itself (20.12 shows from 13.12 on, not on 12.12); null without an end,
 * further ahead, or once it has passed. The dashboard card and the advisor's canvas carry it.
 */
export function accessEndsSoon(accessUntil: string | null | undefined, at: Date): string | null {
  if (!accessUntil) return null;
  const today = accessDayOf(at);
  if (!isWorkRelationAccessOpen(accessUntil, today)) return null;
  return accessUntil <= addDays(today, accessEndNoticeDays) ? accessUntil : null;
}
