import { observed } from '../../lib/observability';
import { isDryRun } from '../dry-run';
import { sendEmail } from '../../domain/mail/mailer';
import { sendDueDigests, type DigestOptions, type DigestSummary } from '../../domain/notifications/send-due-digests';

/**
 * The digest job (infra/stacks/jobs-stack.ts schedules it hourly): the e-mail digests due
 * (functions/domain/notifications/send-due-digests.ts). One run, its digests sent by the
 * mailer: the binding names the job's mail outlet, which tests/support/access-matrix.ts finds here.
 */
export const runDigests = (options: DigestOptions = {}): Promise<DigestSummary> => sendDueDigests(options, (to, message) => sendEmail(to, message));

/**
 * The scheduler invokes it with its own event; only `now` (ISO), a numeric `lookbackHours` and
 * `dryRun: true` (../dry-run.ts: finds who is due, sends nothing) in it are taken.
 */
export const handler = observed(async (event?: DigestOptions | null): Promise<DigestSummary> =>
  runDigests({
    now: typeof event?.now === 'string' ? event.now : undefined,
    lookbackHours: typeof event?.lookbackHours === 'number' && Number.isInteger(event.lookbackHours) ? event.lookbackHours : undefined,
    dryRun: isDryRun(event),
  }),
);
