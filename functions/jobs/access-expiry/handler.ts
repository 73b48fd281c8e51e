import { observed } from '../../lib/observability';
import { isDryRun } from '../dry-run';
import { sendEmail } from '../../domain/mail/mailer';
import { expireAccess, type AccessExpiryOptions, type AccessExpirySummary } from '../../domain/work-relations/expire-access';

/**
 * The access-expiry job (infra/stacks/jobs-stack.ts schedules it hourly): ends relations whose
 * access is over and warns 7 days before (functions/domain/work-relations/expire-access.ts).
 * One run, its warnings sent by the mailer: the binding names the job's mail outlet, which
 * tests/support/access-matrix.ts finds here.
 */
export const runAccessExpiry = (options: AccessExpiryOptions = {}): Promise<AccessExpirySummary> =>
  expireAccess(options, (to, message) => sendEmail(to, message));

/** The scheduler invokes it with its own event; only `now` (ISO) and `dryRun: true` (../dry-run.ts: finds, acts on nothing) in it are taken. */
export const handler = observed(async (event?: AccessExpiryOptions | null): Promise<AccessExpirySummary> =>
  runAccessExpiry({ now: typeof event?.now === 'string' ? event.now : undefined, dryRun: isDryRun(event) }),
);
