import type { ActionPoint, UpdateActionPointRequest } from '../../../shared/contracts/canvas';
import { canEditCanvasItem } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
import { familyOfItem, unchangedSince } from './content';
import { requireVersion } from '../journal/item-changed';
import { journalOf, loadCanvas, requireVisibleContent, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../journal/journal';
import { otherSideSteps, ownLinkUpdate, planLinks, resolveAssignee, resolveInitiator } from './references';
import { toActionPoint } from './views';
import { contentKey, updateOp, type ActionPointItem } from './items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/**
 * Edits an action point (docs/product/canvas.md#permissions, #calls): only its creator, with edit rights (8); a
 * completed one is read-only until uncompleted (8). The priority changes only with
 * `updatePriority: true`; other fields left out keep their values; `linkedGoalIds`
 * replaces the links the caller can see, on both sides, in one transaction.
 */
export async function updateActionPoint(session: Session, id: string, input: UpdateActionPointRequest): Promise<ActionPoint> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const actionPoint = requireVisibleContent(context, 'actionPoint', id);
    if (!canEditCanvasItem(context.access, context.userId, actionPoint.createdByUserId)) throw fail('FORBIDDEN');
    await requireVersion(context, actionPoint, input.version);
    if (actionPoint.completed) throw fail('FORBIDDEN', { message: 'A completed action point is read-only.' });
    if (input.categoryId !== undefined && input.categoryId !== actionPoint.categoryId) {
      throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
    }
    const goalLinks = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds, actionPoint.linkedGoalIds);
    const initiator = resolveInitiator(context, input.initiatorId, actionPoint);
    const assigneeId = await resolveAssignee(context, input.assigneeId, actionPoint);
    const own = ownLinkUpdate([goalLinks]);
    const set = {
      ...own.set,
      title: input.title,
      initiatorId: initiator.initiatorId,
      assigneeId,
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.updatePriority === true ? { priority: input.priority ?? 'NoPriority' } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
    };
    const updated: ActionPointItem = { ...actionPoint, ...set, linkedGoalIds: goalLinks.final, version: actionPoint.version + 1 };
    await runSteps(
      [
        {
          op: updateOp(contentKey(familyId, 'actionPoint', id), { set, remove: own.remove }, unchangedSince(actionPoint)),
          onConditionFailed: () => 'retry',
        },
        ...initiator.steps,
        ...otherSideSteps(familyId, 'actionPoint', id, [goalLinks]),
      ],
      journalOf(context, contentEntry('updated', actionPoint, updated)),
    );
    return toActionPoint(context, updated);
  });
}
