import type { Takeaway, UpdateTakeawayRequest } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation';
import { familyOfItem, unchangedSince } from './content';
import { requireVersion } from '../journal/item-changed';
import { journalOf, loadCanvas, requireEditRights, requireVisibleContent, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../journal/journal';
import { otherSideSteps, ownLinkUpdate, planLinks, initiatorNamesOf, resolveInitiator } from './references';
import { toTakeaway } from './views';
import { contentKey, updateOp, type TakeawayItem } from './items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/**
 * Edits a takeaway (docs/product/canvas.md#rules, #validation, #permissions): anyone with edit rights (8); an archived takeaway is
 * read-only (8). A field left out keeps its value; `linkedGoalIds` replaces the links the
 * caller can see, on both sides, in one transaction conditioned on the version read.
 */
export async function updateTakeaway(session: Session, id: string, input: UpdateTakeawayRequest): Promise<Takeaway> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const takeaway = requireVisibleContent(context, 'takeaway', id);
    requireEditRights(context);
    await requireVersion(context, takeaway, input.version);
    if (takeaway.archived) throw fail('FORBIDDEN', { message: 'An archived takeaway is read-only.' });
    if (input.categoryId !== undefined && input.categoryId !== takeaway.categoryId) {
      throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
    }
    const links = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds, takeaway.linkedGoalIds);
    const initiator = resolveInitiator(context, input.initiatorId, takeaway);
    const names = await initiatorNamesOf(context, initiator.initiatorId, takeaway);
    const own = ownLinkUpdate([links]);
    const set = {
      ...own.set,
      title: input.title,
      initiatorId: initiator.initiatorId,
      ...(names ? { initiator: names } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
    };
    const remove = names ? own.remove : [...(own.remove ?? []), 'initiator'];
    const updated: TakeawayItem = {
      ...takeaway,
      ...set,
      ...(names ? {} : { initiator: undefined }),
      linkedGoalIds: links.final,
      version: takeaway.version + 1,
    };
    await runSteps(
      [
        { op: updateOp(contentKey(familyId, 'takeaway', id), { set, remove }, unchangedSince(takeaway)), onConditionFailed: () => 'retry' },
        ...initiator.steps,
        ...otherSideSteps(familyId, 'takeaway', id, [links]),
      ],
      journalOf(context, contentEntry('updated', takeaway, updated)),
    );
    return toTakeaway(context, updated);
  });
}
