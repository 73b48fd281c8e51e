import { contentIdOf, familyOfCategoryId } from '../../shared/canvas-ids';
import type { ActionPoint, CreateActionPointRequest } from '../../shared/contracts/canvas';
import { messageKeys } from '../../shared/validation';
import { now } from '../lib/clock';
import { loadCanvas, requireEditRights, requireVisibleCategory } from '../lib/canvas/context';
import { otherSideSteps, planLinks } from '../lib/canvas/links';
import { resolveAssignee, resolveInitiator } from '../lib/canvas/people';
import { runSteps, withCanvasRetry } from '../lib/canvas/transaction';
import { toActionPoint } from '../lib/canvas/views';
import { contentRecord, putOp, type ActionPointItem } from '../lib/db/canvas';
import { newId } from '../lib/db/keys';
import { fail } from '../lib/errors';
import type { Session } from '../lib/session';

/**
 * Creates an action point in a category (spec 02 §4, §5): edit rights (8) in a category
 * the caller can see (4); the initiator a family member and the assignee a canvas member
 * or nobody (2); linked goals uncompleted goals of this canvas (6), linked on both sides
 * in the same transaction. The priority defaults to NoPriority, the assignee to the caller.
 */
export async function createActionPoint(session: Session, categoryId: number, input: CreateActionPointRequest): Promise<ActionPoint> {
  if (input.categoryId !== categoryId) throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  const familyId = familyOfCategoryId(categoryId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const category = requireVisibleCategory(context, categoryId);
    requireEditRights(context);
    const id = contentIdOf(familyId, newId());
    const goalLinks = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds ?? [], undefined);
    const initiator = resolveInitiator(context, input.initiatorId);
    const assigneeId = await resolveAssignee(context, input.assigneeId);
    const actionPoint: ActionPointItem = {
      type: 'ActionPoint',
      id,
      categoryId,
      sectionId: category.sectionId,
      title: input.title,
      text: input.text ?? null,
      initiatorId: initiator.initiatorId,
      assigneeId,
      priority: input.priority ?? 'NoPriority',
      isCompleted: input.completed ?? false,
      ...(goalLinks.final.size ? { linkedGoalIds: goalLinks.final } : {}),
      createdByUserId: context.userId,
      createdAt: now().toISOString(),
      version: 1,
    };
    await runSteps([
      { op: putOp(contentRecord(familyId, actionPoint), { mustBeNew: true }), onConditionFailed: () => 'retry' },
      ...initiator.steps,
      ...otherSideSteps(familyId, 'actionPoint', id, [goalLinks]),
    ]);
    return toActionPoint(context, actionPoint);
  });
}
