import { businessMetrics } from '../../../shared/metrics';
import { digestPeriodOf, hourBucketOf } from '../../../shared/digest-schedule';
import { durations, now } from '../../lib/clock';
import { config } from '../../lib/config';
import { collectDigest } from './collect-digest';
import { buildDigestEmail, isEmptyDigest } from './digest-message';
import { unsubscribeTokenFor } from './unsubscribe-token';
import { digestsDueIn, releaseDigestPeriod, takeDigestPeriod, type NotificationSettingsItem } from '../../records/notification-settings';
import { countMetric, logger } from '../../lib/observability';
import type { SendEmail } from '../mail/mailer';

/**
 * The digest job's run (functions/jobs/digest/handler.ts; infra/stacks/jobs-stack.ts runs it
 * every hour with EventBridge Scheduler).
 *
 * Each run reads the users whose digest is due from the dispatch index (GSI1
 * `DIGEST#<UTC hour>` on their notification settings): the current hour and the
 * `lookbackHours` before it, so a missed or failed run is caught up — never a Scan. For
 * each, what to say comes from the journal (./collect-digest.ts); then the
 * period (the user's local day or week) is taken with a conditional write before the mail
 * goes out, so a retried or parallel run never sends twice for one period. A digest with
 * nothing to say takes its period without a mail. A failed send gives the period back and
 * the run fails (the scheduler retries; its dead-letter queue gets what keeps failing).
 */
export type DigestSummary = { due: number; sent: number; empty: number; skipped: number; failed: number; dryRun?: true };

export type DigestOptions = {
  /** The instant the run acts at (ISO): `npm run job -- digest --now …` pretends a time. */
  now?: string;
  lookbackHours?: number;
  /** Find who is due, take and send nothing (functions/jobs/dry-run.ts). */
  dryRun?: boolean;
};

const defaultLookbackHours = 24;
const parallelism = 4;

/** Links in the mail: the one-click endpoint (header) and the confirm page (body). */
async function linksFor(userId: string) {
  const { appUrl } = config();
  const token = encodeURIComponent(await unsubscribeTokenFor(userId));
  return { appUrl, unsubscribeUrl: `${appUrl}/api/unsubscribe?token=${token}`, unsubscribePageUrl: `${appUrl}/unsubscribe?token=${token}` };
}

type Outcome = 'sent' | 'empty' | 'skipped' | 'failed';

async function digestFor(settings: NotificationSettingsItem, at: Date, send: SendEmail): Promise<Outcome> {
  // The index may lag a settings change: only what is really due now.
  if (settings.digest === 'off' || !settings.nextDigestAt || Date.parse(settings.nextDigestAt) > at.getTime()) return 'skipped';
  const period = digestPeriodOf(settings.digest, settings.timeZone, at);
  if (settings.lastPeriod === period) return 'skipped';
  const collected = await collectDigest(settings, at);
  if (!(await takeDigestPeriod(settings, period, at))) return 'skipped';
  if (!collected || isEmptyDigest(collected.content)) return 'empty';
  try {
    await send(collected.user.email, buildDigestEmail(collected.content, await linksFor(settings.userId)));
    return 'sent';
  } catch (error) {
    logger.error('digest send failed', { userId: settings.userId, error });
    await releaseDigestPeriod(settings, period);
    return 'failed';
  }
}

/** One run at `options.now` (default: now); the digests are sent with `send` (the job binds the mailer). */
export async function sendDueDigests(options: DigestOptions, send: SendEmail): Promise<DigestSummary> {
  const at = options.now ? new Date(options.now) : now();
  if (Number.isNaN(at.getTime())) throw new Error(`digest: not a date: ${options.now}`);
  const lookback = Math.max(0, Math.min(options.lookbackHours ?? defaultLookbackHours, 24 * 8));
  const buckets = Array.from({ length: lookback + 1 }, (_, back) => hourBucketOf(new Date(at.getTime() - back * durations.hour)));
  const due = (await Promise.all(buckets.map(digestsDueIn))).flat();
  const summary: DigestSummary = { due: due.length, sent: 0, empty: 0, skipped: 0, failed: 0 };
  if (options.dryRun) return { ...summary, dryRun: true };
  for (let start = 0; start < due.length; start += parallelism) {
    const outcomes = await Promise.all(due.slice(start, start + parallelism).map((settings) => digestFor(settings, at, send)));
    for (const outcome of outcomes) summary[outcome] += 1;
  }
  logger.info('digest run', { at: at.toISOString(), ...summary });
  countMetric(businessMetrics.digestMails, summary.sent);
  if (summary.failed) throw new Error(`digest: ${summary.failed} mail(s) failed; their periods are free for the retry`);
  return summary;
}
