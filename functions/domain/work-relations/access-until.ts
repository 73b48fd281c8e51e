import { dayIn } from '../../../shared/dates';
import { isWorkRelationAccessOpen } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
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
