import type { Answer, UpdateAnswerRequest } from '../../../shared/contracts/canvas';
import { canEditCanvasItem } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
import { familyOfItem, unchangedSince } from './content';
import { requireVersion } from '../journal/item-changed';
import { journalOf, loadCanvas, requireVisibleContent, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../journal/journal';
import { toAnswer } from './views';
import { contentKey, updateOp } from './items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

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
