import type { CreateGoalRequest, Goal } from '../../../shared/contracts/canvas';
import { createInCategory } from './create-item';
import { planLinks } from './links';
import { toGoal } from './views';
import type { GoalItem } from './items';
import type { Session } from '../sessions/session';

/**
 * Creates a goal in a category (docs/product/canvas.md#rules, #validation; the shared rules in createInCategory):
 * linked takeaways unarchived and linked action points uncompleted items of this canvas
 * (6), linked on both sides in the same transaction. The term defaults to NoTerm.
 */
export async function createGoal(session: Session, categoryId: number, input: CreateGoalRequest): Promise<Goal> {
  const { context, item } = await createInCategory<GoalItem>(session, 'goal', categoryId, input, (context) => {
    const takeawayLinks = planLinks(context, 'linkedTakeawayIds', 'takeaway', input.linkedTakeawayIds ?? [], undefined);
    const actionPointLinks = planLinks(context, 'linkedActionPointIds', 'actionPoint', input.linkedActionPointIds ?? [], undefined);
    return {
      fields: {
        type: 'Goal',
        goalTerm: input.goalTerm ?? 'NoTerm',
        dueDate: input.dueDate ?? null,
        completed: input.completed ?? false,
        ...(takeawayLinks.final.size ? { linkedTakeawayIds: takeawayLinks.final } : {}),
        ...(actionPointLinks.final.size ? { linkedActionPointIds: actionPointLinks.final } : {}),
      },
      links: [takeawayLinks, actionPointLinks],
    };
  });
  return toGoal(context, item);
}
