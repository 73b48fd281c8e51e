import type { Answer, UpdateAnswerRequest } from '../../shared/contracts/canvas';
import { canEditCanvasItem } from '../../shared/permissions';
import { messageKeys } from '../../shared/validation';
import { familyOfItem, unchangedSince } from '../lib/canvas/content';
import { requireVersion } from '../lib/journal/item-changed';
import { journalOf, loadCanvas, requireVisibleContent } from '../lib/canvas/context';
import { contentEntry } from '../lib/journal/journal';
import { runSteps, withCanvasRetry } from '../lib/canvas/transaction';
import { toAnswer } from '../lib/canvas/views';
import { contentKey, updateOp } from '../lib/db/canvas';
import { fail } from '../lib/errors';
import type { Session } from '../lib/session';

/** Edits the caller's own answer (edit rights and authorship, else FORBIDDEN 8); unknown or hidden → 4. */
export async function updateAnswer(session: Session, id: string, input: UpdateAnswerRequest): Promise<Answer> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const answer = requireVisibleContent(context, 'answer', id);
    if (!canEditCanvasItem(context.access, context.userId, answer.createdByUserId)) throw fail('FORBIDDEN');
    await requireVersion(context, answer, input.version);
    if (input.questionId !== undefined && input.questionId !== answer.questionId) {
      throw fail('INCORRECT_INPUT', { errors: { questionId: [messageKeys.invalidInput] } });
    }
    const updated = { ...answer, text: input.text, version: answer.version + 1 };
    await runSteps(
      [{ op: updateOp(contentKey(familyId, 'answer', id), { set: { text: input.text } }, unchangedSince(answer)), onConditionFailed: () => 'retry' }],
      journalOf(context, contentEntry('updated', answer, updated)),
    );
    return toAnswer(context, updated);
  });
}
