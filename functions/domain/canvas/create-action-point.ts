import type { ActionPoint, CreateActionPointRequest } from '../../../shared/contracts/canvas';
import { createInCategory } from './create-item';
import { planLinks } from './links';
import { resolveAssignee } from './people';
import { toActionPoint } from './views';
import type { ActionPointItem } from './items';
import type { Session } from '../sessions/session';

/**
 * Creates an action point in a category (docs/product/canvas.md#rules, #validation; the shared rules in
 * createInCategory): the assignee a canvas member or nobody (2); linked goals uncompleted
 * goals of this canvas (6), linked on both sides in the same transaction. The priority
 * defaults to NoPriority, the assignee to the caller.
 */
export async function createActionPoint(session: Session, categoryId: number, input: CreateActionPointRequest): Promise<ActionPoint> {
  const { context, item } = await createInCategory<ActionPointItem>(session, 'actionPoint', categoryId, input, async (context) => {
    const goalLinks = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds ?? [], undefined);
    return {
      fields: {
        type: 'ActionPoint',
        assigneeId: await resolveAssignee(context, input.assigneeId),
        priority: input.priority ?? 'NoPriority',
        dueDate: input.dueDate ?? null,
        completed: input.completed ?? false,
        ...(goalLinks.final.size ? { linkedGoalIds: goalLinks.final } : {}),
      },
      links: [goalLinks],
    };
  });
  return toActionPoint(context, item);
}
