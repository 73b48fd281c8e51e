import type { Goal, UpdateGoalRequest } from '../../../shared/contracts/canvas';
import { canEditCanvasItem } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
import { familyOfItem, unchangedSince } from './content';
import { requireVersion } from '../journal/item-changed';
import { journalOf, loadCanvas, requireVisibleContent, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../journal/journal';
import { otherSideSteps, ownLinkUpdate, planLinks, resolveInitiator } from './references';
import { toGoal } from './views';
import { contentKey, updateOp, type GoalItem } from './items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/**
 * Edits a goal (docs/product/canvas.md#permissions): only its creator, with edit rights (8); a completed goal is
 * read-only until uncompleted (8). A field left out keeps its value; the link lists
 * replace the links the caller can see, on both sides, in one transaction.
 */
export async function updateGoal(session: Session, id: string, input: UpdateGoalRequest): Promise<Goal> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const goal = requireVisibleContent(context, 'goal', id);
    if (!canEditCanvasItem(context.access, context.userId, goal.createdByUserId)) throw fail('FORBIDDEN');
    await requireVersion(context, goal, input.version);
    if (goal.completed) throw fail('FORBIDDEN', { message: 'A completed goal is read-only.' });
    if (input.categoryId !== undefined && input.categoryId !== goal.categoryId) {
      throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
    }
    const takeawayLinks = planLinks(context, 'linkedTakeawayIds', 'takeaway', input.linkedTakeawayIds, goal.linkedTakeawayIds);
    const actionPointLinks = planLinks(context, 'linkedActionPointIds', 'actionPoint', input.linkedActionPointIds, goal.linkedActionPointIds);
    const initiator = resolveInitiator(context, input.initiatorId, goal);
    const own = ownLinkUpdate([takeawayLinks, actionPointLinks]);
    const set = {
      ...own.set,
      title: input.title,
      initiatorId: initiator.initiatorId,
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.goalTerm !== undefined ? { goalTerm: input.goalTerm } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
    };
    const updated: GoalItem = {
      ...goal,
      ...set,
      linkedTakeawayIds: takeawayLinks.final,
      linkedActionPointIds: actionPointLinks.final,
      version: goal.version + 1,
    };
    await runSteps(
      [
        {
          op: updateOp(contentKey(familyId, 'goal', id), { set, remove: own.remove }, unchangedSince(goal)),
          onConditionFailed: () => 'retry',
        },
        ...initiator.steps,
        ...otherSideSteps(familyId, 'goal', id, [takeawayLinks, actionPointLinks]),
      ],
      journalOf(context, contentEntry('updated', goal, updated)),
    );
    return toGoal(context, updated);
  });
}
