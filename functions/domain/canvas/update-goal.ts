import type { Goal, UpdateGoalRequest } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation-keys';
import { changesItem, requireCreatorEdit, updateContentItem, type ItemUpdate } from './content';
import { type CanvasContext } from './context';
import { otherSideSteps, ownLinkUpdate, planLinks, resolveInitiator } from './references';
import { toGoal } from './views';
import { type GoalItem } from '../../records/items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** What an edit of a goal may change (completing has its own route). */
export type GoalEdit = Omit<UpdateGoalRequest, 'version' | 'completed' | 'updatePriority'>;

/**
 * Edits a goal (docs/product/canvas.md#permissions): only its creator, with edit rights (8); a completed goal is
 * read-only until uncompleted (8). A field left out keeps its value; the link lists
 * replace the links the caller can see, on both sides, in one transaction. A save that
 * changes nothing writes nothing and answers the goal as it is.
 */
export function updateGoal(session: Session, id: string, input: UpdateGoalRequest): Promise<Goal> {
  return updateContentItem(session, 'goal', id, input.version, {
    mayEdit: requireCreatorEdit,
    plan: (context, goal) => planGoalEdit(context, goal, input),
    view: toGoal,
  });
}

/**
 * The checks and the writes of a goal's edit (the update route and "restore this version"
 * both plan with it): the category stays (6), the initiator is a family member (2), links as
 * planLinks allows them (links the caller cannot see stay as they are).
 */
export function planGoalEdit(context: CanvasContext, goal: GoalItem, input: GoalEdit): ItemUpdate<GoalItem> {
  if (input.categoryId !== undefined && input.categoryId !== goal.categoryId) {
    throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  }
  const takeawayLinks = planLinks(context, 'linkedTakeawayIds', 'takeaway', input.linkedTakeawayIds, goal.linkedTakeawayIds);
  const actionPointLinks = planLinks(context, 'linkedActionPointIds', 'actionPoint', input.linkedActionPointIds, goal.linkedActionPointIds);
  const initiator = resolveInitiator(context, input.initiatorId, goal);
  const own = ownLinkUpdate([takeawayLinks, actionPointLinks]);
  const fields = {
    title: input.title,
    initiatorId: initiator.initiatorId,
    ...(input.text !== undefined ? { text: input.text } : {}),
    ...(input.goalTerm !== undefined ? { goalTerm: input.goalTerm } : {}),
    ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
  };
  const set = { ...own.set, ...fields };
  const updated: GoalItem = {
    ...goal,
    ...set,
    linkedTakeawayIds: takeawayLinks.final,
    linkedActionPointIds: actionPointLinks.final,
    version: goal.version + 1,
  };
  return {
    set,
    remove: own.remove ?? [],
    steps: [...initiator.steps, ...otherSideSteps(context.familyId, 'goal', goal.id, [takeawayLinks, actionPointLinks])],
    updated,
    changed: takeawayLinks.changed || actionPointLinks.changed || changesItem(goal, fields),
  };
}
