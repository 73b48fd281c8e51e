import { type HistoryEvent } from '../../../shared/contracts/history';
import { queryCanvas } from './items';
import { summaryRebuildOf, touchesSummary, type CanvasSummaryItem } from './summary';
import { CanvasSnapshot } from './context';
import { ChangedMeanwhile, retryWhileChanged, ConditionFailed, sendWrite } from '../../lib/db/table';

/**
 * Builds the family's dashboard summary again from a fresh Query of the partition and
 * stores it (conditioned on the rev it read; tried again when another rebuild won). Run by
 * the journal's stream after canvas writes (refreshSummariesAfter), and for families that
 * have none yet. `events` (the journaled changes that led here) keep their writers' marks
 * of deleted items. Returns it.
 */
export async function refreshCanvasSummary(
  familyId: number,
  records?: ReadonlyArray<Record<string, unknown>>,
  events: readonly HistoryEvent[] = [],
): Promise<CanvasSummaryItem> {
  return retryWhileChanged(
    async (attempt) => {
      const rebuild = summaryRebuildOf(familyId, CanvasSnapshot.fromItems(records && attempt === 1 ? records : await queryCanvas(familyId)), events);
      if ('current' in rebuild) return rebuild.current;
      try {
        await sendWrite(rebuild.put);
      } catch (error) {
        if (error instanceof ConditionFailed) throw new ChangedMeanwhile();
        throw error;
      }
      return rebuild.summary;
    },
    { attempts: 5, whenExhausted: (last) => last },
  );
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
  await Promise.all([...byFamily].map(([familyId, familyEvents]) => refreshCanvasSummary(familyId, undefined, familyEvents)));
}
