import type { CreateTakeawayRequest, Takeaway } from '../../../shared/contracts/canvas';
import { createInCategory } from './create-item';
import { planLinks } from './links';
import { initiatorNamesOf } from './people';
import { toTakeaway } from './views';
import type { TakeawayItem } from './items';
import type { Session } from '../sessions/session';

/**
 * Creates a takeaway in a category (docs/product/canvas.md#rules, #validation; the shared rules in createInCategory):
 * the linked goals open items of this canvas (6, on linkedGoalIds), linked on both sides
 * in the same transaction; the initiator's names are kept beside the id.
 */
export async function createTakeaway(session: Session, categoryId: number, input: CreateTakeawayRequest): Promise<Takeaway> {
  const { context, item } = await createInCategory<TakeawayItem>(session, 'takeaway', categoryId, input, async (context, initiatorId) => {
    const links = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds ?? [], undefined);
    const initiator = await initiatorNamesOf(initiatorId);
    return {
      fields: { type: 'Takeaway', archived: false, ...(initiator ? { initiator } : {}), ...(links.final.size ? { linkedGoalIds: links.final } : {}) },
      links: [links],
    };
  });
  return toTakeaway(context, item);
}
