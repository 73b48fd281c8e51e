import { contentIdOf, familyOfCategoryId } from '../../shared/canvas-ids';
import type { CreateGoalRequest, Goal } from '../../shared/contracts/canvas';
import { messageKeys } from '../../shared/validation';
import { now } from '../lib/clock';
import { loadCanvas, requireEditRights, requireVisibleCategory } from '../lib/canvas/context';
import { otherSideSteps, planLinks } from '../lib/canvas/links';
import { resolveInitiator } from '../lib/canvas/people';
import { runSteps, withCanvasRetry } from '../lib/canvas/transaction';
import { toGoal } from '../lib/canvas/views';
import { contentRecord, putOp, type GoalItem } from '../lib/db/canvas';
import { newId } from '../lib/db/keys';
import { fail } from '../lib/errors';
import type { Session } from '../lib/session';

/**
 * Creates a goal in a category (spec 02 §4, §5): edit rights (8) in a category the caller
 * can see (4); the initiator a family member (2); linked takeaways unarchived and linked
 * action points uncompleted items of this canvas (6), linked on both sides in the same
 * transaction. The term defaults to NoTerm.
 */
export async function createGoal(session: Session, categoryId: number, input: CreateGoalRequest): Promise<Goal> {
  if (input.categoryId !== categoryId) throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  const familyId = familyOfCategoryId(categoryId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const category = requireVisibleCategory(context, categoryId);
    requireEditRights(context);
    const id = contentIdOf(familyId, newId());
    const takeawayLinks = planLinks(context, 'linkedTakeawayIds', 'takeaway', input.linkedTakeawayIds ?? [], undefined);
    const actionPointLinks = planLinks(context, 'linkedActionPointIds', 'actionPoint', input.linkedActionPointIds ?? [], undefined);
    const initiator = resolveInitiator(context, input.initiatorId);
    const goal: GoalItem = {
      type: 'Goal',
      id,
      categoryId,
      sectionId: category.sectionId,
      title: input.title,
      text: input.text ?? null,
      initiatorId: initiator.initiatorId,
      goalTerm: input.goalTerm ?? 'NoTerm',
      isCompleted: input.completed ?? false,
      ...(takeawayLinks.final.size ? { linkedTakeawayIds: takeawayLinks.final } : {}),
      ...(actionPointLinks.final.size ? { linkedActionPointIds: actionPointLinks.final } : {}),
      createdByUserId: context.userId,
      createdAt: now().toISOString(),
      version: 1,
    };
    await runSteps([
      { op: putOp(contentRecord(familyId, goal), { mustBeNew: true }), onConditionFailed: () => 'retry' },
      ...initiator.steps,
      ...otherSideSteps(familyId, 'goal', id, [takeawayLinks, actionPointLinks]),
    ]);
    return toGoal(context, goal);
  });
}
