import type { Takeaway } from '../../../shared/contracts/canvas';
import { familyOfItem, unchangedSince } from './content';
import { requireVersion } from './item-changed';
import { journalOf, loadCanvas, requireEditRights, requireVisibleContent, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../../records/journal-recording';
import { toTakeaway } from './views';
import { contentKey, updateOp } from '../../records/items';
import type { Session } from '../sessions/session';

/**
 * Archives a takeaway or brings it back (docs/product/canvas.md#rules): edit rights (8). Linked goals keep
 * their links; an archived takeaway is read-only and cannot be newly linked.
 */
export async function archiveTakeaway(session: Session, id: string, archived: boolean, version?: number): Promise<Takeaway> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const takeaway = requireVisibleContent(context, 'takeaway', id);
    requireEditRights(context);
    await requireVersion(context, takeaway, version);
    if (takeaway.archived === archived) return toTakeaway(context, takeaway);
    const updated = { ...takeaway, archived, version: takeaway.version + 1 };
    await runSteps(
      [{ op: updateOp(contentKey(familyId, 'takeaway', id), { set: { archived } }, unchangedSince(takeaway)), onConditionFailed: () => 'retry' }],
      journalOf(context, contentEntry(archived ? 'archived' : 'unarchived', takeaway, updated)),
    );
    return toTakeaway(context, updated);
  });
}
