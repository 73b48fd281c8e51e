import { addDays } from '../../../shared/dates';
import { accessExpiryWarningDays } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import type { SendEmail } from '../mail/mailer';
import { warnAccessEnding } from './warn-access-ending';
import { forgetAccessExpiry, listAccessExpiries, type AccessExpiryItem } from '../../records/access-expiries';
import { accessDayOf } from '../access/access-until';
import { endWorkRelation, systemActor } from './end-work-relation';
import { getWorkRelation } from '../../records/work-relations';

/**
 * The access-expiry job's run (functions/jobs/access-expiry/handler.ts; infra/stacks/jobs-stack.ts
 * runs it every hour with EventBridge Scheduler). Time-boxed access (`accessUntil`) runs to the
 * end of its day in UTC (shared/permissions.ts isWorkRelationAccessOpen; reads already refuse
 * an advisor from the next day on). Each run, from the access-expiry entries (one Query, never a Scan):
 * - ends every relation whose last day is over, with the one function the DELETE route
 *   uses (./end-work-relation.ts): relation and roles gone, the
 *   family's history says so, sockets close, both sides are mailed;
 * - warns the advisor company (owners and admins) once per end date when it is at most 7
 *   days away (functions/domain/work-relations/warn-access-ending.ts): the warning is taken
 *   with a conditional write before the mail goes out, so a retried or parallel run never
 *   sends it twice; a failed mail gives it back.
 * An entry whose relation ended otherwise, or whose date the family changed, is removed.
 * Idempotent: running it again for the same time changes and sends nothing. A failure
 * fails the run after all the others are done (the scheduler retries; then the DLQ).
 */
export type AccessExpirySummary = {
  ended: number;
  warned: number;
  stale: number;
  failed: number;
  /** A dry run (functions/jobs/dry-run.ts) only: the entries found over and ending soon, none acted on. */
  found?: { over: number; endingSoon: number };
};

export type AccessExpiryOptions = {
  /** The instant the run acts at (ISO): `npm run job -- access-expiry --now …` pretends a time. */
  now?: string;
  /** Find the entries, end, warn and send nothing (functions/jobs/dry-run.ts). */
  dryRun?: boolean;
};

type Outcome = 'ended' | 'warned' | 'stale' | 'nothing' | 'failed';

/** The entry still describes its relation: the relation exists and carries this end date. */
async function isCurrent(entry: AccessExpiryItem): Promise<boolean> {
  const relation = await getWorkRelation(entry.familyId, entry.advisorId);
  return relation?.accessUntil === entry.accessUntil;
}

async function endExpired(entry: AccessExpiryItem): Promise<Outcome> {
  if (!(await isCurrent(entry))) {
    await forgetAccessExpiry(entry);
    return 'stale';
  }
  try {
    await endWorkRelation({ familyId: entry.familyId, advisorId: entry.advisorId, cause: { by: 'expiry' }, actor: async () => systemActor });
    return 'ended';
  } catch (error) {
    // Ended by someone else meanwhile (4): nothing left to do.
    if (error instanceof AppError && error.errorName === 'ITEM_NOT_FOUND') return 'stale';
    logger.error('access expiry: ending failed', { familyId: entry.familyId, advisorId: entry.advisorId, error });
    return 'failed';
  }
}

async function warn(entry: AccessExpiryItem, at: Date, send: SendEmail): Promise<Outcome> {
  if (entry.warnedAt) return 'nothing';
  if (!(await isCurrent(entry))) {
    await forgetAccessExpiry(entry);
    return 'stale';
  }
  return warnAccessEnding(entry, at, send);
}

/** One run at `options.now` (default: now); the warnings are sent with `send` (the job binds the mailer). */
export async function expireAccess(options: AccessExpiryOptions, send: SendEmail): Promise<AccessExpirySummary> {
  const at = options.now ? new Date(options.now) : now();
  if (Number.isNaN(at.getTime())) throw new Error(`access-expiry: not a date: ${options.now}`);
  const today = accessDayOf(at);
  const summary: AccessExpirySummary = { ended: 0, warned: 0, stale: 0, failed: 0 };
  const count = (outcome: Outcome) => {
    if (outcome !== 'nothing') summary[outcome] += 1;
  };
  // Last day before today: over. Today up to 7 days ahead: warned (once).
  const [over, soon] = await Promise.all([
    listAccessExpiries({ toDay: addDays(today, -1) }),
    listAccessExpiries({ fromDay: today, toDay: addDays(today, accessExpiryWarningDays) }),
  ]);
  if (options.dryRun) return { ...summary, found: { over: over.length, endingSoon: soon.length } };
  for (const entry of over) count(await endExpired(entry));
  for (const entry of soon) count(await warn(entry, at, send));
  logger.info('access expiry run', { at: at.toISOString(), ...summary });
  if (summary.failed) throw new Error(`access-expiry: ${summary.failed} relation(s) failed; the next run tries again`);
  return summary;
}
