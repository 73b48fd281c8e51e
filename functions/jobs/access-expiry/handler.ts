import { addDays } from '../../../shared/dates';
import { accessExpiryWarningDays, isAdmin } from '../../../shared/permissions';
import { decideAccessNow } from '../../lib/access/decide-now';
import { now } from '../../lib/clock';
import { getEntities } from '../../lib/db/entities';
import { listMembersOfEntity } from '../../lib/db/members';
import { getUsers } from '../../domain/accounts/users';
import {
  forgetAccessExpiry,
  getWorkRelation,
  listAccessExpiries,
  releaseAccessExpiryWarning,
  takeAccessExpiryWarning,
  type AccessExpiryItem,
} from '../../lib/db/work-relations';
import { AppError } from '../../lib/errors';
import { describeError, log } from '../../lib/logger';
import { sendEmail } from '../../lib/mail/mailer';
import { appLink, emailTemplates } from '../../lib/mail/templates';
import { publishMetrics } from '../../lib/metrics';
import { accessDayOf } from '../../lib/work-relations/access-until';
import { endWorkRelation, systemActor } from '../../lib/work-relations/end-relation';

/**
 * The access-expiry job (infra/stacks/jobs-stack.ts runs it every hour with EventBridge
 * Scheduler). Time-boxed access (`accessUntil`) runs to the end of its day in UTC
 * (shared/permissions.ts isWorkRelationAccessOpen; reads already refuse an advisor from the
 * next day on). Each run, from the access-expiry entries (one Query, never a Scan):
 * - ends every relation whose last day is over, with the one function the DELETE route
 *   uses (functions/lib/work-relations/end-relation.ts): relation and roles gone, the
 *   family's history says so, sockets close, both sides are mailed;
 * - warns the advisor company (owners and admins) once per end date when it is at most 7
 *   days away: the warning is taken with a conditional write before the mail goes out, so
 *   a retried or parallel run never sends it twice; a failed mail gives it back.
 * An entry whose relation ended otherwise, or whose date the family changed, is removed.
 * Idempotent: running it again for the same time changes and sends nothing. A failure
 * fails the run after all the others are done (the scheduler retries; then the DLQ).
 */
export type AccessExpirySummary = { ended: number; warned: number; stale: number; failed: number };

export type AccessExpiryOptions = {
  /** The instant the run acts at (ISO): `npm run job -- access-expiry --now …` pretends a time. */
  now?: string;
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
    log('error', 'access expiry: ending failed', { familyId: entry.familyId, advisorId: entry.advisorId, ...describeError(error) });
    return 'failed';
  }
}

async function warn(entry: AccessExpiryItem, at: Date): Promise<Outcome> {
  if (entry.warnedAt) return 'nothing';
  if (!(await isCurrent(entry))) {
    await forgetAccessExpiry(entry);
    return 'stale';
  }
  if (!(await takeAccessExpiryWarning(entry, at))) return 'nothing';
  try {
    const [entities, members] = await Promise.all([getEntities([entry.familyId, entry.advisorId]), listMembersOfEntity(entry.advisorId)]);
    // The company's admins the one access decision still lets see this family (functions/lib/access/decide.ts: the two-factor policy too).
    const admins = members.filter((member) => member.isActive && isAdmin(member));
    const decisions = await decideAccessNow(admins.map((member) => ({ userId: member.userId, entityId: member.entityId, entityTypeId: member.entityTypeId, familyId: entry.familyId })));
    const users = await getUsers(admins.filter((_member, index) => decisions[index]!.allowed).map((member) => member.userId));
    const message = emailTemplates.accessEndingSoon({
      familyName: entities.get(entry.familyId)?.entityName ?? '',
      companyName: entities.get(entry.advisorId)?.entityName ?? '',
      accessUntil: entry.accessUntil,
      link: appLink('/families'),
    });
    for (const user of users.values()) await sendEmail(user.email, message);
    return 'warned';
  } catch (error) {
    log('error', 'access expiry: warning failed', { familyId: entry.familyId, advisorId: entry.advisorId, ...describeError(error) });
    await releaseAccessExpiryWarning(entry);
    return 'failed';
  }
}

export async function runAccessExpiry(options: AccessExpiryOptions = {}): Promise<AccessExpirySummary> {
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
  for (const entry of over) count(await endExpired(entry));
  for (const entry of soon) count(await warn(entry, at));
  log('info', 'access expiry run', { at: at.toISOString(), ...summary });
  publishMetrics();
  if (summary.failed) throw new Error(`access-expiry: ${summary.failed} relation(s) failed; the next run tries again`);
  return summary;
}

/** The scheduler invokes it with its own event; only `now` (ISO) in it is taken. */
export async function handler(event?: AccessExpiryOptions | null): Promise<AccessExpirySummary> {
  return runAccessExpiry({ now: typeof event?.now === 'string' ? event.now : undefined });
}
