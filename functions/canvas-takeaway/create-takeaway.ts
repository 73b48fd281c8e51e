import { contentIdOf, familyOfCategoryId } from '../../shared/canvas-ids';
import type { CreateTakeawayRequest, Takeaway } from '../../shared/contracts/canvas';
import { messageKeys } from '../../shared/validation';
import { now } from '../lib/clock';
import { loadCanvas, requireEditRights, requireVisibleCategory } from '../lib/canvas/context';
import { otherSideSteps, planLinks } from '../lib/canvas/links';
import { resolveInitiator } from '../lib/canvas/people';
import { runSteps, withCanvasRetry } from '../lib/canvas/transaction';
import { toTakeaway } from '../lib/canvas/views';
import { contentRecord, putOp, type TakeawayItem } from '../lib/db/canvas';
import { newId } from '../lib/db/keys';
import { fail } from '../lib/errors';
import type { Session } from '../lib/session';

/**
 * Creates a takeaway in a category (spec 02 §4, §5) and answers it with its id: edit
 * rights (8) in a category the caller can see (4); the initiator a family member (2); the
 * linked goals open items of this canvas (6, on linkedGoalIds), linked on both sides in
 * the same transaction.
 */
export async function createTakeaway(session: Session, categoryId: number, input: CreateTakeawayRequest): Promise<Takeaway> {
  if (input.categoryId !== categoryId) throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  const familyId = familyOfCategoryId(categoryId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const category = requireVisibleCategory(context, categoryId);
    requireEditRights(context);
    const id = contentIdOf(familyId, newId());
    const links = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds ?? [], undefined);
    const initiator = resolveInitiator(context, input.initiatorId);
    const takeaway: TakeawayItem = {
      type: 'Takeaway',
      id,
      categoryId,
      sectionId: category.sectionId,
      title: input.title,
      text: input.text ?? null,
      initiatorId: initiator.initiatorId,
      isArchived: false,
      ...(links.final.size ? { linkedGoalIds: links.final } : {}),
      createdByUserId: context.userId,
      createdAt: now().toISOString(),
      version: 1,
    };
    await runSteps([
      { op: putOp(contentRecord(familyId, takeaway), { mustBeNew: true }), onConditionFailed: () => 'retry' },
      ...initiator.steps,
      ...otherSideSteps(familyId, 'takeaway', id, [links]),
    ]);
    return toTakeaway(context, takeaway);
  });
}
