import { observed } from '../../lib/observability';
import { repairCards, type CardsSummary } from '../../domain/canvas/repair-summaries';

/**
 * The cards job (infra/stacks/jobs-stack.ts schedules it hourly): the dashboard cards the
 * journal's stream left behind, rebuilt (functions/domain/canvas/repair-summaries.ts). The
 * scheduler invokes it with its own event; only `full: true` (every card rebuilt and compared,
 * after a restore) and `dryRun: true` (nothing written) in it are taken.
 */
export const handler = observed(async (event?: { full?: unknown; dryRun?: unknown } | null): Promise<CardsSummary> =>
  repairCards({ full: event?.full === true, dryRun: event?.dryRun === true }),
);
