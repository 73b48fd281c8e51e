import type { Takeaway, UpdateTakeawayRequest } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation-keys';
import { changesItem, updateContentItem, type ItemUpdate } from './content';
import { requireEditRights, type CanvasContext } from './context';
import { otherSideSteps, ownLinkUpdate, planLinks, initiatorNamesOf, resolveInitiator } from './references';
import { toTakeaway } from './views';
import { type TakeawayItem } from '../../records/items';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** What an edit of a takeaway may change (archiving has its own route). */
export type TakeawayEdit = Omit<UpdateTakeawayRequest, 'version' | 'archived'>;

/**
 * Edits a takeaway (docs/product/canvas.md#rules, #validation, #permissions): anyone with edit rights (8); an archived takeaway is
 * read-only (8). A field left out keeps its value; `linkedGoalIds` replaces the links the
 * caller can see, on both sides, in one transaction conditioned on the version read. A save
 * that changes nothing writes nothing and answers the takeaway as it is.
 */
export function updateTakeaway(session: Session, id: string, input: UpdateTakeawayRequest): Promise<Takeaway> {
  return updateContentItem(session, 'takeaway', id, input.version, {
    mayEdit: (context) => requireEditRights(context),
    plan: (context, takeaway) => planTakeawayEdit(context, takeaway, input),
    view: toTakeaway,
  });
}

/**
 * The checks and the writes of a takeaway's edit (the update route and "restore this
 * version" both plan with it): the category stays (6), the initiator is a family member (2),
 * links as planLinks allows them (links the caller cannot see stay as they are).
 */
export async function planTakeawayEdit(context: CanvasContext, takeaway: TakeawayItem, input: TakeawayEdit): Promise<ItemUpdate<TakeawayItem>> {
  if (input.categoryId !== undefined && input.categoryId !== takeaway.categoryId) {
    throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  }
  const links = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds, takeaway.linkedGoalIds);
  const initiator = resolveInitiator(context, input.initiatorId, takeaway);
  const names = await initiatorNamesOf(context, initiator.initiatorId, takeaway);
  const own = ownLinkUpdate([links]);
  const fields = {
    title: input.title,
    initiatorId: initiator.initiatorId,
    ...(names ? { initiator: names } : {}),
    ...(input.text !== undefined ? { text: input.text } : {}),
  };
  const set = { ...own.set, ...fields };
  const remove = names ? (own.remove ?? []) : [...(own.remove ?? []), 'initiator'];
  const updated: TakeawayItem = {
    ...takeaway,
    ...set,
    ...(names ? {} : { initiator: undefined }),
    linkedGoalIds: links.final,
    version: takeaway.version + 1,
  };
  return {
    set,
    remove,
    steps: [...initiator.steps, ...otherSideSteps(context.familyId, 'takeaway', takeaway.id, [links])],
    updated,
    changed: links.changed || changesItem(takeaway, fields, names ? [] : ['initiator']),
  };
}
