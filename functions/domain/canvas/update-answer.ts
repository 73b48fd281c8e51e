import type { Answer, UpdateAnswerRequest } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation-keys';
import { changesItem, requireCreatorEdit, updateContentItem, type ItemUpdate } from './content';
import { type CanvasContext } from './context';
import { toAnswer } from './views';
import { type AnswerItem } from '../../records/items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** What an edit of an answer may change. */
export type AnswerEdit = Omit<UpdateAnswerRequest, 'version'>;

/**
 * Edits the caller's own answer (edit rights and authorship, else FORBIDDEN 8); unknown or
 * hidden → 4. A save that changes nothing writes nothing and answers the answer as it is.
 */
export function updateAnswer(session: Session, id: string, input: UpdateAnswerRequest): Promise<Answer> {
  return updateContentItem(session, 'answer', id, input.version, {
    mayEdit: requireCreatorEdit,
    plan: (context, answer) => planAnswerEdit(context, answer, input),
    view: toAnswer,
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
