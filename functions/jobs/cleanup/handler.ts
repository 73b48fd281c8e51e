import { observed } from '../../lib/observability';
import { isDryRun } from '../dry-run';
import { defaultLookbackDays, removeExpiredItems, type CleanupOptions, type CleanupSummary } from '../../domain/expiry/remove-expired-items';

/**
 * The daily cleanup job (infra/stacks/jobs-stack.ts schedules it): expired invitations,
 * tokens and sessions TTL has not removed yet (functions/domain/expiry/remove-expired-items.ts).
 * The scheduler invokes it with its own event; only a numeric `lookbackDays` in it is taken, and
 * `dryRun: true` (../dry-run.ts: finds, deletes nothing).
 */
export const handler = observed(async (options?: CleanupOptions | null): Promise<CleanupSummary> => {
  const requested = typeof options?.lookbackDays === 'number' && Number.isInteger(options.lookbackDays) ? options.lookbackDays : defaultLookbackDays;
  return removeExpiredItems(Math.max(0, Math.min(requested, 366)), { dryRun: isDryRun(options) });
});
