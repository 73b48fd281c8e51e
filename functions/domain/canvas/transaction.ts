import type { TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { assigneeIndexUpdate, stampChange, transact } from './items';
import { putHistoryEventOp } from '../journal/events';
import { refreshCanvasSummary, summaryWriteOf, touchesSummary } from './summary';
import { AppError, fail, transactionCancellationReasons } from '../../lib/errors';
import { eventsOf, type PendingJournal } from '../journal/journal';
import { countMetric } from '../../lib/metrics';
import { businessMetrics, canvasWriteKindDimension } from '../../../shared/metrics';
import { ChangedMeanwhile, retryWhileChanged } from '../../lib/db/retry';
import { actionPointIdOfSortKey } from '../../lib/db/keys';

/**
 * A canvas write is one TransactWriteItems whose conditions hold the rules (docs/product/canvas.md#rules, #validation, #permissions).
 * Each step says what its failed condition means: a client error, or 'retry' when the
 * canvas changed between the read and the write (the write is then planned again on a
 * fresh read).
 */
export type Step = { op: TransactWriteItem; onConditionFailed: () => AppError | 'retry' };

/** DynamoDB's limit on the items of one transaction. */
export const maxTransactionItems = 100;

const changedMeanwhile = 'The canvas changed meanwhile. Reload and try again.';

/** The canvas changed between the read and the write: withCanvasRetry plans again. */
class CanvasChangedMeanwhile extends ChangedMeanwhile {
  constructor() {
    super(changedMeanwhile);
  }
}

/**
 * Runs the steps as one transaction and maps a failed condition to its meaning. With a
 * journal, the change's history events go into the same transaction (a failed write leaves
 * no event, an event never exists without its change) and every content item written is
 * stamped with who changed it; the events are returned for the caller (and the live channel).
 */
export async function runSteps(steps: Step[], journal?: PendingJournal): Promise<HistoryEvent[]> {
  if (steps.length === 0) return [];
  const events = journal ? await eventsOf(journal) : [];
  // The state each journaled action point is left in: its assignee index follows it.
  const actionPointsAfter = new Map(events.filter((event) => event.itemType === 'actionPoint' && event.after).map((event) => [event.itemId, event.after!]));
  const indexed = (op: TransactWriteItem): TransactWriteItem => {
    const actionPointId = actionPointIdOfSortKey(String(op.Update?.Key?.SK ?? ''));
    const after = actionPointId !== undefined ? actionPointsAfter.get(actionPointId) : undefined;
    return after && journal ? assigneeIndexUpdate(op, journal.familyId, after) : op;
  };
  // The dashboard card follows the change in the same transaction when the writer's canvas
  // read is at hand and there is room; otherwise it is rebuilt right after (summary.ts).
  const cardChanges = journal !== undefined && touchesSummary(events);
  const fitsSummary = steps.length + events.length < maxTransactionItems;
  const summaryWrite = cardChanges && journal.snapshot && !journal.batch && fitsSummary ? summaryWriteOf(journal.familyId, journal.snapshot, events) : undefined;
  const summaryOps = summaryWrite ? [summaryWrite] : [];
  const ops = events.length
    ? [
        ...steps.map((step) => stampChange(indexed(step.op), events[0]!.actor.userId, events[0]!.createdDate)),
        ...summaryOps,
        ...events.map(putHistoryEventOp),
      ]
    : steps.map((step) => step.op);
  if (ops.length > maxTransactionItems) throw fail('INCORRECT_INPUT', { message: 'Too many changes at once.' });
  try {
    await transact(ops);
    countCanvasWrites(events);
    if (cardChanges && !(journal.snapshot && !journal.batch && fitsSummary)) await refreshCanvasSummary(journal.familyId);
    return events;
  } catch (error) {
    const reasons = transactionCancellationReasons(error);
    if (!reasons) throw error;
    const failedIndex = reasons.findIndex((reason) => reason === 'ConditionalCheckFailed');
    // The summary's rev (another write of the family won) or an event's own condition (a
    // new key, which fails only on an id collision): plan again on a fresh read.
    if (failedIndex >= steps.length) throw new CanvasChangedMeanwhile();
    const failedStep = failedIndex >= 0 ? steps[failedIndex] : undefined;
    if (failedStep) {
      const outcome = failedStep.onConditionFailed();
      if (outcome === 'retry') throw new CanvasChangedMeanwhile();
      throw outcome;
    }
    if (reasons.includes('TransactionConflict')) throw new CanvasChangedMeanwhile();
    throw error;
  }
}

/** The CanvasWrites metric by kind: one per journaled change (a vote is a kind of its own). */
function countCanvasWrites(events: HistoryEvent[]): void {
  for (const event of events) {
    const kind = event.action === 'voted' || event.action === 'unvoted' ? 'vote' : event.itemType;
    countMetric(businessMetrics.canvasWrites, 1, { [canvasWriteKindDimension]: kind });
  }
}

/** Every write of a family also writes its dashboard summary: a few more tries for busy canvases. */
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
