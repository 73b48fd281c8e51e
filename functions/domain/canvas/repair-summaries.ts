import { now } from '../../lib/clock';
import { keys } from '../../lib/db/keys';
import { batchGetItems } from '../../lib/db/table';
import { logger } from '../../lib/observability';
import { newestEventId } from '../../records/journal-reading';
import { eventIdTime } from '../../records/journal-codec';
import { lastEntityId } from '../../records/entities';
import { rebuildCanvasSummary } from './refresh-summaries';

/**
 * The cards job (functions/jobs/cards/handler.ts, hourly; docs/product/dashboard.md#how-it-scales):
 * the dashboard cards the journal's stream left behind, rebuilt. The stream rebuilds a card
 * after every write (./refresh-summaries.ts); a table restored without its stream, or a batch
 * that ended in the sender's dead-letter queue, leaves a card older than its canvas until the
 * next write. This finds them without a Scan: the entity ids run from 1 to the counter's
 * `lastId` (keys.entityCounter), so a run reads every id's canvas and card keys (BatchGets of
 * 100 keys) and, per canvas, the key of its newest journal event (one Query of one item).
 * A card is stale when it is missing or its `throughEventId` is older than that event, and
 * the event is older than `graceMs` (younger ones are the stream's, a moment away).
 *
 * `full` rebuilds every card from its partition and writes those that differ (after a
 * restore: the runbook's and the restore drill's check, docs/operations.md
 * "Restore drill"); `dryRun` writes nothing and only counts.
 */
export type CardsOptions = { full?: boolean; dryRun?: boolean; graceMs?: number; familyIds?: readonly number[] };

export type CardsSummary = {
  /** Canvases looked at. */
  checked: number;
  /** The families whose card was stale (rebuilt unless dryRun). */
  stale: number[];
  repaired: number;
};

/** Younger events are left to the stream: its rebuild follows a write within seconds, a failed batch is retried for longer. */
export const defaultGraceMs = 15 * 60_000;
const idsPerBatch = 50;
const parallelism = 8;

type CardState = { familyId: number; card?: { throughEventId?: string } };

/** The canvases among `familyIds` and their cards' `throughEventId` (two keys an id, one BatchGet). */
async function canvasesOf(familyIds: readonly number[]): Promise<CardState[]> {
  const items = await batchGetItems<{ PK: string; SK: string; throughEventId?: string }>(
    familyIds.flatMap((familyId) => [keys.canvas(familyId), keys.canvasSummary(familyId)]),
    'PK, SK, throughEventId',
  );
  const byKey = new Map(items.map((item) => [`${item.PK}\u0000${item.SK}`, item]));
  const found = (key: { PK: string; SK: string }) => byKey.get(`${key.PK}\u0000${key.SK}`);
  return familyIds.filter((familyId) => found(keys.canvas(familyId))).map((familyId) => ({ familyId, card: found(keys.canvasSummary(familyId)) }));
}

/** Whether a card misses a change its canvas's journal shows (older than the grace). */
async function looksStale(state: CardState, graceMs: number): Promise<boolean> {
  if (!state.card) return true;
  const newest = await newestEventId(state.familyId, 'eventual');
  if (!newest || (state.card.throughEventId && newest <= state.card.throughEventId)) return false;
  return eventIdTime(newest) <= now().getTime() - graceMs;
}

export async function repairCards(options: CardsOptions = {}): Promise<CardsSummary> {
  const graceMs = options.graceMs ?? defaultGraceMs;
  const ids = options.familyIds ?? Array.from({ length: await lastEntityId() }, (_, index) => index + 1);
  const summary: CardsSummary = { checked: 0, stale: [], repaired: 0 };
  for (let start = 0; start < ids.length; start += idsPerBatch) {
    const canvases = await canvasesOf(ids.slice(start, start + idsPerBatch));
    summary.checked += canvases.length;
    for (let next = 0; next < canvases.length; next += parallelism) {
      await Promise.all(
        canvases.slice(next, next + parallelism).map(async (state) => {
          if (!options.full && !(await looksStale(state, graceMs))) return;
          const { stale } = await rebuildCanvasSummary(state.familyId, [], { dryRun: options.dryRun });
          if (!stale) return;
          summary.stale.push(state.familyId);
          if (!options.dryRun) summary.repaired += 1;
        }),
      );
    }
  }
  summary.stale.sort((a, b) => a - b);
  logger.info('cards checked', { checked: summary.checked, stale: summary.stale.length, repaired: summary.repaired, full: Boolean(options.full) });
  return summary;
}
