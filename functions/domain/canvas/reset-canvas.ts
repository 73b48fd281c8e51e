import { EntityType } from '../../../shared/enums';
import { canResetCanvas } from '../../../shared/permissions';
import { unchangedSince } from './content';
import { loadCanvas, type CanvasContext, maxTransactionItems, runSteps, withCanvasRetry, type Step } from './context';
import { now } from '../../lib/clock';
import { contentKey, deleteOp, updateOp } from '../../records/items';
import { newEventIds } from '../../records/journal-codec';
import { contentEntry, type ContentItem, type JournalEntry, kindOfContent, type PendingJournal } from '../../records/journal-recording';
import { keys } from '../../lib/db/keys';
import { updateSharedSections } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { ChangedMeanwhile, retryWhileChanged } from '../../lib/db/table';

/** Deletes and their events per transaction: two items each, within DynamoDB's 100. */
const deletesPerTransaction = Math.floor(maxTransactionItems / 2) - 1;

/** The reset's own event: the section sharing it erased, so that an undo gives it back. */
function resetEntry(context: CanvasContext): JournalEntry {
  const shares = [...context.snapshot.workRelations.values()]
    .filter((relation) => relation.sharedSectionIds?.length)
    .map((relation) => ({ advisorId: relation.advisorId, sharedSectionIds: [...(relation.sharedSectionIds ?? [])] }));
  return {
    action: 'reset',
    itemType: 'canvas',
    itemId: String(context.familyId),
    sectionId: null,
    categoryId: null,
    title: context.snapshot.meta?.title ?? '',
    before: { shares },
    after: { shares: [] },
  };
}

/**
 * Resets the current family's canvas (docs/product/canvas.md#rules, docs/product/limits.md#canvas-limits): erases every answer, vote,
 * takeaway, goal and action point, and the section sharing: every advisor company sees
 * all sections again until the family limits it anew. Sections, categories and questions
 * stay. Owner or admin or ResetCanvas on one's own family, never an advisor entity
 * (FORBIDDEN, 8); no canvas → ITEM_NOT_FOUND (4).
 *
 * The reset is one journal batch: its own event (with the sharing it cleared) in the
 * transaction that clears the sharing, then a delete event per item, each in the
 * transaction that deletes the item (49 at a time), so every deleted item can be restored
 * (undo reset) for as long as the journal keeps it. An item changed meanwhile makes the
 * reset read the canvas again and go on with what is left.
 */
export async function resetCanvas(session: Session): Promise<void> {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.Family) throw fail('FORBIDDEN');
  const first = await loadCanvas(session, membership.entityId);
  if (!canResetCanvas(first.access)) throw fail('FORBIDDEN');
  const familyId = first.familyId;
  const at = now();
  // Ids for the reset and every item the first read found; items written meanwhile get more.
  const itemCount = first.snapshot.answers.size + first.snapshot.takeaways.size + first.snapshot.goals.size + first.snapshot.actionPoints.size;
  const eventIds = newEventIds(at, itemCount + 1 + 200);
  const batchId = eventIds[0] as string;
  let nextId = 0;
  const journal = (context: CanvasContext, entries: JournalEntry[]): PendingJournal => {
    const ids = eventIds.slice(nextId, nextId + entries.length);
    // More items were written meanwhile than ids were set aside: a change like any other.
    if (ids.length < entries.length) throw new ChangedMeanwhile('The canvas changed meanwhile. Reload and try again.');
    nextId += entries.length;
    return { familyId, actor: context.actor, entries, batch: { batchId, eventIds: ids, at } };
  };

  // The reset's own event and the cleared sharing, in one transaction.
  await withCanvasRetry(async () => {
    const context = nextId === 0 ? first : await loadCanvas(session, familyId);
    const shared = [...context.snapshot.workRelations.values()].filter((relation) => relation.sharedSectionIds?.length);
    const steps: Step[] = shared.map((relation) => ({ op: updateSharedSections(familyId, relation.advisorId, []), onConditionFailed: () => 'retry' }));
    if (steps.length === 0) steps.push({ op: updateOp(keys.canvas(familyId), {}), onConditionFailed: () => fail('ITEM_NOT_FOUND') });
    const saved = nextId;
    try {
      await runSteps(steps, journal(context, [resetEntry(context)]));
    } catch (error) {
      nextId = saved;
      throw error;
    }
  });

  // The items, a transaction of deletes and their events at a time. Someone changed an
  // item meanwhile: read again and delete what is left.
  let context = first;
  await retryWhileChanged(
    async (attempt) => {
      if (attempt > 1) context = await loadCanvas(session, familyId);
      const items: ContentItem[] = [
        ...context.snapshot.answers.values(),
        ...context.snapshot.takeaways.values(),
        ...context.snapshot.goals.values(),
        ...context.snapshot.actionPoints.values(),
      ];
      for (let start = 0; start < items.length; start += deletesPerTransaction) {
        const chunk = items.slice(start, start + deletesPerTransaction);
        const steps: Step[] = chunk.map((item) => ({
          op: deleteOp(contentKey(familyId, kindOfContent(item), item.id), unchangedSince(item)),
          onConditionFailed: () => 'retry',
        }));
        const saved = nextId;
        try {
          await runSteps(
            steps,
            journal(
              context,
              chunk.map((item) => contentEntry('deleted', item, null)),
            ),
          );
        } catch (error) {
          nextId = saved;
          throw error;
        }
      }
    },
    { attempts: 3 },
  );
  await clearAnswerers(session, familyId);
}

/**
 * Takes the answerers off the questions, so everyone may answer again. Taking users off a
 * set is idempotent, so a transaction that collides with an answer being written is sent
 * again; an answer written meanwhile keeps its author there.
 */
async function clearAnswerers(session: Session, familyId: number): Promise<void> {
  const { snapshot } = await loadCanvas(session, familyId);
  const stillAnswered = new Set([...snapshot.answers.values()].map((answer) => `${answer.questionId}#${answer.createdByUserId}`));
  const answered = [...snapshot.questions.values()]
    .map((question) => ({ question, gone: new Set([...(question.answeredBy ?? [])].filter((userId) => !stillAnswered.has(`${question.id}#${userId}`))) }))
    .filter(({ gone }) => gone.size > 0);
  for (let start = 0; start < answered.length; start += maxTransactionItems) {
    const questions = answered.slice(start, start + maxTransactionItems);
    await withCanvasRetry(() =>
      runSteps(
        questions.map(({ question, gone }) => ({
          op: updateOp(keys.question(familyId, question.categoryId, question.id), { deleteFromSet: { answeredBy: gone } }),
          // A question never goes away; nothing to decide.
          onConditionFailed: () => 'retry',
        })),
      ),
    );
  }
}
