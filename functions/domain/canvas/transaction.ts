import type { TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { stampChange, withAssigneeIndex } from './items';
import { eventsOf, type PendingJournal, putHistoryEventOp } from '../journal/journal';
import { summaryRebuildOf, touchesSummary, type CanvasSummaryItem } from './summary';
import { CanvasSnapshot } from './context';
import { queryCanvas } from './items';
import { AppError, fail } from '../../lib/errors';
import { countMetric } from '../../lib/metrics';
import { businessMetrics, canvasWriteKindDimension } from '../../../shared/metrics';
import { ChangedMeanwhile, retryWhileChanged } from '../../lib/db/retry';
import { actionPointIdOfSortKey } from '../../lib/db/keys';
import { ConditionFailed, maxTransactionItems, sendWrite, transactWrites, type Write } from '../../lib/db/write';

/**
 * A canvas write is one TransactWriteItems whose conditions hold the rules (docs/product/canvas.md#rules, #validation, #permissions).
 * Each step is a write as data (functions/lib/db/write.ts; `op` may still be a request
 * another area's module built itself) and says what its failed condition means: a client
 * error, or 'retry' when the canvas changed between the read and the write (the write is
 * then planned again on a fresh read).
 */
export type Step = { op: Write | TransactWriteItem; onConditionFailed: () => AppError | 'retry' };

export { maxTransactionItems };

const changedMeanwhile = 'The canvas changed meanwhile. Reload and try again.';

/** The canvas changed between the read and the write: withCanvasRetry plans again. */
class CanvasChangedMeanwhile extends ChangedMeanwhile {
  constructor() {
    super(changedMeanwhile);
  }
}

const isBuilt = (op: Write | TransactWriteItem): op is TransactWriteItem => 'Put' in op || 'Update' in op || 'Delete' in op || 'ConditionCheck' in op;

/** Each step's condition is named after the step, its outcome the step's own meaning. */
const stepName = (index: number) => `step${index}`;

/**
 * Runs the steps as one transaction and maps a failed condition, by its name, to its
 * meaning. With a journal, the change's history events go into the same transaction (a
 * failed write leaves no event, an event never exists without its change) and every content
 * item written is stamped with who changed it, in its data before it is built; the events
 * are returned for the caller (and the live channel).
 */
export async function runSteps(steps: Step[], journal?: PendingJournal): Promise<HistoryEvent[]> {
  if (steps.length === 0) return [];
  const events = journal ? await eventsOf(journal) : [];
  // The state each journaled action point is left in: its assignee index follows it.
  const actionPointsAfter = new Map(events.filter((event) => event.itemType === 'actionPoint' && event.after).map((event) => [event.itemId, event.after!]));
  const indexed = (write: Write): Write => {
    const actionPointId = 'update' in write ? actionPointIdOfSortKey(write.update.SK) : undefined;
    const after = actionPointId !== undefined ? actionPointsAfter.get(actionPointId) : undefined;
    return after && journal ? withAssigneeIndex(write, journal.familyId, after) : write;
  };
  // The dashboard card is not written here: the journal's stream rebuilds it after the
  // commit (refreshSummariesAfter below), so writers of one canvas share no item.
  const stepWrites = steps.map((step, index): Write => {
    const write: Write = isBuilt(step.op) ? { prebuilt: step.op } : step.op;
    const planned = events.length ? stampChange(indexed(write), events[0]!.actor.userId, events[0]!.createdDate) : write;
    return { ...planned, name: stepName(index) };
  });
  const writes: Write[] = events.length ? [...stepWrites, ...events.map(putHistoryEventOp)] : stepWrites;
  if (writes.length > maxTransactionItems) throw fail('INCORRECT_INPUT', { message: 'Too many changes at once.' });
  const outcomes: Record<string, () => Error> = {
    // An event's own condition (a new key, which fails only on an id collision): plan again on a fresh read.
    eventIsNew: () => new CanvasChangedMeanwhile(),
  };
  steps.forEach((step, index) => {
    outcomes[stepName(index)] = () => {
      const outcome = step.onConditionFailed();
      return outcome === 'retry' ? new CanvasChangedMeanwhile() : outcome;
    };
  });
  try {
    await transactWrites(writes, outcomes);
  } catch (error) {
    // Cancelled without a failed condition (another transaction held the same items).
    if (error instanceof ChangedMeanwhile && !(error instanceof CanvasChangedMeanwhile)) throw new CanvasChangedMeanwhile();
    throw error;
  }
  countCanvasWrites(events);
  return events;
}

/** The CanvasWrites metric by kind: one per journaled change (a vote is a kind of its own). */
function countCanvasWrites(events: HistoryEvent[]): void {
  for (const event of events) {
    const kind = event.action === 'voted' || event.action === 'unvoted' ? 'vote' : event.itemType;
    countMetric(businessMetrics.canvasWrites, 1, { [canvasWriteKindDimension]: kind });
  }
}

/** A few tries for busy canvases (writers of one item, or of linked ones). */
const maxAttempts = 5;

/**
 * Reads, plans and writes again when the canvas changed meanwhile (a concurrent edit of
 * the same item or of a linked one, e.g. several people voting for one answer at once).
 * A short random pause spreads the retries of writers that collided with each other.
 * After a few lost races the caller is told to retry.
 */
export async function withCanvasRetry<T>(work: () => Promise<T>): Promise<T> {
  return retryWhileChanged(() => work(), {
    attempts: maxAttempts,
    pauseMs: (attempt) => Math.random() * 20 * attempt,
    whenExhausted: () => fail('ITEM_FOUND', { message: changedMeanwhile }),
  });
}

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
