import type { HistoryItemType, HistoryState, ItemChangedDetails } from '../../../shared/contracts/history';
import { canSeeWholeCanvas, type CanvasAccess } from '../../../shared/permissions';
import { latestEventOfItem } from '../../records/journal-reading';
import { stateOf } from '../../records/journal-codec';
import { type ContentItem } from '../../records/journal-recording';
import { AppError, fail } from '../../lib/errors';
import { isLinkField } from '../../../shared/canvas-links';
import { contentKindOfType } from '../../records/items';

/**
 * The one refusal of a change made on an out-of-date view (docs/architecture.md#stale-writes): 409,
 * ITEM_CHANGED (71), with the item as it is now and who changed it last (from the item's
 * history). Used by undo (functions/domain/journal/revert-event.ts) and by every update that
 * carries the `version` it started from.
 */

const contentTypes = new Set<HistoryItemType>(['answer', 'takeaway', 'goal', 'actionPoint']);

export async function itemChanged(
  context: { familyId: number; access: CanvasAccess },
  item: { itemType: HistoryItemType; itemId: string; current: HistoryState; ownEventId?: string },
  message: string,
): Promise<AppError> {
  const latest = contentTypes.has(item.itemType) ? await latestEventOfItem(context.familyId, item.itemId) : undefined;
  const changedBy = latest && latest.id !== item.ownEventId ? latest : undefined;
  // Links may point into sections hidden from the reader (as in their history events).
  const current =
    item.current && !canSeeWholeCanvas(context.access)
      ? Object.fromEntries(Object.entries(item.current).filter(([field]) => !isLinkField(field)))
      : item.current;
  const details: ItemChangedDetails = {
    itemType: item.itemType,
    itemId: item.itemId,
    current,
    changedBy: changedBy ? { userId: changedBy.actor.userId, firstName: changedBy.actor.firstName, lastName: changedBy.actor.lastName } : null,
    changedDate: changedBy?.createdDate ?? null,
  };
  return fail('ITEM_CHANGED', { message, details });
}

/**
 * An update that says which version it started from (`version` in the body) is refused when
 * the item has moved on since; without it the write goes ahead as before (the spec's
 * clients do not send it). Checked on the read each attempt makes, so a change that lands
 * between the read and the write is caught on the retry.
 */
export async function requireVersion(context: { familyId: number; access: CanvasAccess }, item: ContentItem, version: number | undefined): Promise<void> {
  if (version === undefined || version === item.version) return;
  const itemType = contentKindOfType[item.type];
  throw await itemChanged(context, { itemType, itemId: item.id, current: stateOf(item) }, 'Someone changed this item meanwhile.');
}
