import { EntityType } from '../../shared/enums';
import { canResetCanvas } from '../../shared/permissions';
import { loadCanvas } from '../lib/canvas/context';
import { maxTransactionItems, runSteps, withCanvasRetry } from '../lib/canvas/transaction';
import { batchDelete, updateOp } from '../lib/db/canvas';
import { keys } from '../lib/db/keys';
import { clearSharedSections } from '../lib/db/work-relations';
import { fail, isConditionalCheckFailure } from '../lib/errors';
import type { Session } from '../lib/session';

/**
 * Resets the current family's canvas (spec 02 §4, §9): erases every answer, vote,
 * takeaway, goal and action point, and the section sharing: every advisor company sees
 * all sections again until the family limits it anew. Sections, categories and questions
 * stay; the answerers read are taken off their questions (an answer written meanwhile
 * keeps its author there). Owner or admin or ResetCanvas on one's own family, never an
 * advisor entity (FORBIDDEN, 8); no canvas → ITEM_NOT_FOUND (4). Deletes go in batches
 * of 25; votes live on their items and go with them.
 */
export async function resetCanvas(session: Session): Promise<void> {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.Family) throw fail('FORBIDDEN');
  const context = await loadCanvas(session, membership.entityId);
  if (!canResetCanvas(context.access)) throw fail('FORBIDDEN');
  const { familyId, snapshot } = context;
  const doomed = [
    ...[...snapshot.answers.keys()].map((id) => keys.answer(familyId, id)),
    ...[...snapshot.takeaways.keys()].map((id) => keys.takeaway(familyId, id)),
    ...[...snapshot.goals.keys()].map((id) => keys.goal(familyId, id)),
    ...[...snapshot.actionPoints.keys()].map((id) => keys.actionPoint(familyId, id)),
  ];
  await batchDelete(doomed);
  // Answers first: should the reset stop in between, a stale answerer blocks an answer
  // rather than a missing one allowing a second. Taking users off a set is idempotent, so
  // a transaction that collides with an answer being written is simply sent again.
  const answered = [...snapshot.questions.values()].filter((question) => question.answeredBy?.size);
  for (let start = 0; start < answered.length; start += maxTransactionItems) {
    const questions = answered.slice(start, start + maxTransactionItems);
    await withCanvasRetry(() =>
      runSteps(
        questions.map((question) => ({
          op: updateOp(keys.question(familyId, question.categoryId, question.id), { deleteFromSet: { answeredBy: question.answeredBy } }),
          // A question never goes away; nothing to decide.
          onConditionFailed: () => 'retry',
        })),
      ),
    );
  }
  await Promise.all(
    [...snapshot.workRelations.keys()].map((advisorId) =>
      clearSharedSections(familyId, advisorId).catch((error: unknown) => {
        // A relation ended meanwhile needs no clearing.
        if (!isConditionalCheckFailure(error)) throw error;
      }),
    ),
  );
}
