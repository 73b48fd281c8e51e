import type { Question } from '../../../../../shared/contracts/canvas';

/** docs/product/canvas.md#answers: the add form shows only to an editor without an answer who is not editing one. */
export function canAddAnswer(input: { canEditCanvas: boolean; question: Pick<Question, 'answers'>; userId: string | null; isEditing: boolean }): boolean {
  if (!input.canEditCanvas || input.isEditing || input.userId === null) return false;
  return !input.question.answers.some((answer) => answer.createdByUserId === input.userId);
}
