import { contentIdOf, parseQuestionId } from '../../../shared/canvas-ids';
import type { Answer, CreateAnswerRequest } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { journalOf, loadCanvas, requireEditRights, requireVisibleQuestion, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../../records/journal-recording';
import { toAnswer } from './views';
import { contentRecord, putOp, updateOp, type AnswerItem } from '../../records/items';
import { keys, newId } from '../../lib/db/keys';
import { listLacks } from '../../lib/db/table';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/**
 * Answers a question (docs/product/canvas.md#rules, #validation): edit rights (8), a question the caller can see (4),
 * one answer per user per question — the user joins the question's `answeredBy` set in the
 * same transaction as the answer is put, on the condition that they are not in it yet, so
 * a second answer is ITEM_FOUND (9) even in a race.
 */
export async function createAnswer(session: Session, questionId: string, input: CreateAnswerRequest): Promise<Answer> {
  if (input.questionId !== questionId) throw fail('INCORRECT_INPUT', { errors: { questionId: [messageKeys.invalidInput] } });
  const parsed = parseQuestionId(questionId);
  if (!parsed) throw fail('INCORRECT_INPUT');
  // Others answering the same question at once write the same question item: a collision reads again.
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, parsed.familyId);
    const question = requireVisibleQuestion(context, questionId);
    requireEditRights(context);
    if (context.snapshot.hasAnswered(questionId, context.userId)) throw fail('ITEM_FOUND');
    const answer: AnswerItem = {
      type: 'Answer',
      id: contentIdOf(context.familyId, newId()),
      questionId,
      categoryId: question.categoryId,
      sectionId: question.sectionId,
      text: input.text,
      createdByUserId: context.userId,
      createdAt: now().toISOString(),
      version: 1,
    };
    await runSteps(
      [
        { op: putOp(contentRecord(context.familyId, answer), { mustBeNew: true }), onConditionFailed: () => fail('ITEM_FOUND') },
        {
          op: updateOp(
            keys.question(context.familyId, question.categoryId, questionId),
            { add: { answeredBy: new Set([context.userId]) } },
            listLacks('answeredBy', context.userId),
          ),
          onConditionFailed: () => fail('ITEM_FOUND'),
        },
      ],
      journalOf(context, contentEntry('created', null, answer)),
    );
    return toAnswer(context, answer);
  });
}
