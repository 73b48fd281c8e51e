import type { ActionPoint, UpdateActionPointRequest } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation-keys';
import { changesItem, requireCreatorEdit, updateContentItem, type ItemUpdate } from './content';
import { type CanvasContext } from './context';
import { otherSideSteps, ownLinkUpdate, planLinks, resolveAssignee, resolveInitiator } from './references';
import { toActionPoint } from './views';
import { type ActionPointItem } from '../../records/items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** What an edit of an action point may change (completing has its own route). */
export type ActionPointEdit = Omit<UpdateActionPointRequest, 'version' | 'completed'>;

/**
 * Edits an action point (docs/product/canvas.md#permissions, #calls): only its creator, with edit rights (8); a
 * completed one is read-only until uncompleted (8). The priority changes only with
 * `updatePriority: true`; other fields left out keep their values; `linkedGoalIds`
 * replaces the links the caller can see, on both sides, in one transaction. A save that
 * changes nothing writes nothing and answers the action point as it is.
 */
export function updateActionPoint(session: Session, id: string, input: UpdateActionPointRequest): Promise<ActionPoint> {
  return updateContentItem(session, 'actionPoint', id, input.version, {
    mayEdit: requireCreatorEdit,
    plan: (context, actionPoint) => planActionPointEdit(context, actionPoint, input),
    view: toActionPoint,
  });
}

/**
 * The checks and the writes of an action point's edit (the update route and "restore this
 * version" both plan with it): the category stays (6), the initiator is a family member and
 * the assignee a canvas member who can see the item's section (2), links as planLinks allows
 * them (links the caller cannot see stay as they are).
 */
export async function planActionPointEdit(context: CanvasContext, actionPoint: ActionPointItem, input: ActionPointEdit): Promise<ItemUpdate<ActionPointItem>> {
  if (input.categoryId !== undefined && input.categoryId !== actionPoint.categoryId) {
    throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  }
  const goalLinks = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds, actionPoint.linkedGoalIds);
  const initiator = resolveInitiator(context, input.initiatorId, actionPoint);
  const assigneeId = await resolveAssignee(context, input.assigneeId, actionPoint.sectionId, actionPoint);
  const own = ownLinkUpdate([goalLinks]);
  const fields = {
    title: input.title,
    initiatorId: initiator.initiatorId,
    assigneeId,
    ...(input.text !== undefined ? { text: input.text } : {}),
    ...(input.updatePriority === true ? { priority: input.priority ?? 'NoPriority' } : {}),
    ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
  };
  const set = { ...own.set, ...fields };
  const updated: ActionPointItem = { ...actionPoint, ...set, linkedGoalIds: goalLinks.final, version: actionPoint.version + 1 };
  return {
    set,
    remove: own.remove ?? [],
    steps: [...initiator.steps, ...otherSideSteps(context.familyId, 'actionPoint', actionPoint.id, [goalLinks])],
    updated,
    changed: goalLinks.changed || changesItem(actionPoint, fields),
  };
}
