import { durations, nowEpochSeconds } from '../../lib/clock';
import { expiryDay } from '../../lib/db/keys';
import { logger } from '../../lib/observability';
import { deleteIfExpired, expiredInBucket } from '../../records/expired-items';

/**
 * The daily cleanup job's run (functions/jobs/cleanup/handler.ts; infra/stacks/jobs-stack.ts
 * runs it on a schedule).
 *
 * DynamoDB's TTL on `expiresAt` deletes expired items, but it may lag by days; every read
 * checks the time itself meanwhile. This job removes what TTL has not removed yet:
 * invitations of every kind (past their expiration date plus the retention of
 * functions/records/invitation-records.ts), confirmation and reset tokens, and sessions past
 * their absolute expiry. Every such item carries the UTC day of its `expiresAt` as an
 * expiry bucket (`EXPIRY#<yyyy-mm-dd>`): on GSI1 for invitations and tokens, on GSI2 for
 * sessions (their GSI1 lists a user's sessions). The job Queries the buckets of the past
 * `lookbackDays` and of today (up to now) on both indexes — never a Scan — and deletes each
 * item with the condition that it is still expired (a resend may have renewed it since).
 */
export type CleanupSummary = {
  /** Items deleted in this run. */
  removed: number;
  /** Day buckets looked at (per index). */
  daysScanned: number;
  /** A dry run (functions/jobs/dry-run.ts) only: the expired items found, none deleted. */
  found?: number;
};

export type CleanupOptions = {
  /** How many past days to look at; a daily run needs one, the margin covers missed runs. */
  lookbackDays?: number;
  /** Find, delete nothing (functions/jobs/dry-run.ts). */
  dryRun?: boolean;
};

export const defaultLookbackDays = 35;
const deleteParallelism = 8;

/** The UTC days from `lookbackDays` ago up to today, oldest first. */
export function bucketDays(nowS: number, lookbackDays: number): string[] {
  const days: string[] = [];
  for (let back = lookbackDays; back >= 0; back -= 1) days.push(expiryDay(nowS - Math.floor((back * durations.day) / 1000)));
  return [...new Set(days)];
}

/** Removes what expired in the buckets of the past `lookbackDays` (0–366) and of today; a dry run only finds it. */
export async function removeExpiredItems(lookbackDays: number, options: Pick<CleanupOptions, 'dryRun'> = {}): Promise<CleanupSummary> {
  const nowS = nowEpochSeconds();
  const days = bucketDays(nowS, lookbackDays);
  const buckets = await Promise.all(days.flatMap((day) => [expiredInBucket('GSI1', day, nowS), expiredInBucket('GSI2', day, nowS)]));
  const unique = [...new Map(buckets.flat().map((item) => [`${item.PK}\u0000${item.SK}`, item])).values()];
  if (options.dryRun) return { removed: 0, daysScanned: days.length, found: unique.length };
  let removed = 0;
  for (let start = 0; start < unique.length; start += deleteParallelism) {
    const results = await Promise.all(unique.slice(start, start + deleteParallelism).map((item) => deleteIfExpired(item, nowS)));
    removed += results.filter(Boolean).length;
  }
  logger.info('cleanup finished', { removed, found: unique.length, days: days.length });
  return { removed, daysScanned: days.length };
}
