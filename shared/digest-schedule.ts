import { dayIn, mondayOf } from './dates';

/**
 * When the e-mail digest is due, the one rule for the job, the settings and the tests:
 * 07:00 in the user's time zone, every day (daily) or on Mondays (weekly). Daylight saving
 * moves the UTC hour, so the next due hour is worked out from the zone each time.
 */

export const digestFrequencies = ['off', 'weekly', 'daily'] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];

export const digestLocalHour = 7;
export const defaultDigestFrequency: DigestFrequency = 'weekly';

const hourMs = 3_600_000;

function localHourAndWeekday(instant: Date, timeZone: string): { hour: number; weekday: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23', weekday: 'short' }).formatToParts(instant);
  return { hour: Number(parts.find((part) => part.type === 'hour')?.value), weekday: parts.find((part) => part.type === 'weekday')?.value ?? '' };
}

/**
 * The first whole UTC hour strictly after `after` at which the digest is due (07:00 local,
 * a Monday for weekly); null when off.
 */
export function nextDigestHour(frequency: DigestFrequency, timeZone: string, after: Date): Date | null {
  if (frequency === 'off') return null;
  let candidate = Math.floor(after.getTime() / hourMs) * hourMs + hourMs;
  for (let step = 0; step < 24 * 8; step += 1, candidate += hourMs) {
    const local = localHourAndWeekday(new Date(candidate), timeZone);
    if (local.hour === digestLocalHour && (frequency === 'daily' || local.weekday === 'Mon')) return new Date(candidate);
  }
  return null;
}

/**
 * The period a digest sent at `at` covers, as the user's calendar names it: the local day
 * (daily) or the Monday of the local week (weekly). One digest per period: a retried run
 * finds the period taken and sends nothing.
 */
export function digestPeriodOf(frequency: DigestFrequency, timeZone: string, at: Date): string {
  const day = dayIn(at, timeZone);
  return frequency === 'weekly' ? `week-${mondayOf(day)}` : `day-${day}`;
}

/** The UTC hour bucket (YYYY-MM-DDTHH) of an instant: the dispatch index's key. */
export const hourBucketOf = (instant: Date): string => instant.toISOString().slice(0, 13);
