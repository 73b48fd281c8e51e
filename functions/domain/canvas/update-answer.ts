import type { Answer, UpdateAnswerRequest } from '../../../shared/contracts/canvas';
import { canEditCanvasItem } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
import { changesItem, editSteps, familyOfItem, type ItemUpdate } from './content';
import { requireVersion } from '../journal/item-changed';
import { journalOf, loadCanvas, requireVisibleContent, runSteps, withCanvasRetry, type CanvasContext } from './context';
import { contentEntry } from '../journal/journal';
import { toAnswer } from './views';
import { type AnswerItem } from './items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** What an edit of an answer may change. */
export type AnswerEdit = Omit<UpdateAnswerRequest, 'version'>;

/**
 * Edits the caller's own answer (edit rights and authorship, else FORBIDDEN 8); unknown or
 * hidden → 4. A save that changes nothing writes nothing and answers the answer as it is.
 */
export async function updateAnswer(session: Session, id: string, input: UpdateAnswerRequest): Promise<Answer> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const answer = requireVisibleContent(context, 'answer', id);
    if (!canEditCanvasItem(context.access, context.userId, answer.createdByUserId)) throw fail('FORBIDDEN');
    await requireVersion(context, answer, input.version);
    const edit = planAnswerEdit(context, answer, input);
    if (!edit.changed) return toAnswer(context, answer);
    await runSteps(editSteps(familyId, 'answer', answer, edit), journalOf(context, contentEntry('updated', answer, edit.updated)));
    return toAnswer(context, edit.updated);
  });
}

/** The checks and the write of an answer's edit (the update route and "restore this version" both plan with it): the question stays (6). */
export function planAnswerEdit(_context: CanvasContext, answer: AnswerItem, input: AnswerEdit): ItemUpdate<AnswerItem> {
  if (input.questionId !== undefined && input.questionId !== answer.questionId) {
    throw fail('INCORRECT_INPUT', { errors: { questionId: [messageKeys.invalidInput] } });
  }
  const set = { text: input.text };
  return {
    set,
    remove: [],
    steps: [],
    updated: { ...answer, ...set, version: answer.version + 1 },
    changed: changesItem(answer, set),
  };
}
