import { type HistoryEvent } from '../../../shared/contracts/history';
import { queryCanvas } from '../../records/items';
import { summaryRebuildOf, touchesSummary, type CanvasSummaryItem } from '../../records/canvas-summary';
import { CanvasSnapshot } from './context';
import { newestEventId } from '../../records/journal-reading';
import { ChangedMeanwhile, retryWhileChanged, ConditionFailed, sendWrite } from '../../lib/db/table';

/**
 * Builds the family's dashboard summary again from a fresh Query of the partition and
 * stores it when it differs (conditioned on the rev it read; tried again when another rebuild
 * won). Run by the journal's stream after canvas writes (refreshSummariesAfter), for families
 * that have none yet, and by the cards job (./repair-summaries.ts). `events` (the journaled
 * changes that led here) keep their writers' marks of deleted items, and the newest of them is
 * the card's `throughEventId`; without events the newest event is read first, so the partition read
 * after it holds every change up to it. Returns the summary and whether what the stored card
 * holds differed (`stale`: then it was written, unless `dryRun`; a card behind only in its
 * `throughEventId` is written too, not stale).
 */
export async function rebuildCanvasSummary(
  familyId: number,
  events: readonly HistoryEvent[] = [],
  options: { dryRun?: boolean } = {},
): Promise<{ summary: CanvasSummaryItem; stale: boolean }> {
  const through = events.length
    ? events
        .map((event) => event.id)
        .sort()
        .at(-1)
    : await newestEventId(familyId, 'strong');
  return retryWhileChanged(
    async () => {
      const rebuild = summaryRebuildOf(familyId, CanvasSnapshot.fromItems(await queryCanvas(familyId)), events, through);
      if ('current' in rebuild) return { summary: rebuild.current, stale: false };
      if (options.dryRun) return { summary: rebuild.summary, stale: rebuild.changed };
      try {
        await sendWrite(rebuild.put);
      } catch (error) {
        if (error instanceof ConditionFailed) throw new ChangedMeanwhile();
        throw error;
      }
      return { summary: rebuild.summary, stale: rebuild.changed };
    },
    { attempts: 5 },
  );
}

/** rebuildCanvasSummary's summary. */
export async function refreshCanvasSummary(familyId: number, events: readonly HistoryEvent[] = []): Promise<CanvasSummaryItem> {
  return (await rebuildCanvasSummary(familyId, events)).summary;
}

/**
 * The dashboard summaries after a batch of the journal's stream (functions/live/sender.ts):
 * each family whose card the events may change is rebuilt once, from a read made after
 * them. Out of the writers' transactions, so concurrent writers of one canvas never
 * conflict on it (docs/architecture-decisions.md "The dashboard summary follows the
 * journal's stream"); the dashboard is up to date a moment after the write.
 */
export async function refreshSummariesAfter(events: readonly HistoryEvent[]): Promise<void> {
  const byFamily = new Map<number, HistoryEvent[]>();
  for (const event of events) if (touchesSummary([event])) byFamily.set(event.familyId, [...(byFamily.get(event.familyId) ?? []), event]);
  await Promise.all([...byFamily].map(([familyId, familyEvents]) => refreshCanvasSummary(familyId, familyEvents)));
}
