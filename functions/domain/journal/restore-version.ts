import type { RevertResponse } from '../../../shared/contracts/history';
import { canRestoreCanvasItem } from '../../../shared/permissions';
import { linkFields } from '../../../shared/canvas-links';
import { loadCanvas, ownFamilyId, runSteps, withCanvasRetry, type Step } from '../canvas/context';
import { contentKey, updateOp, type ContentKind, type LinkField } from '../canvas/items';
import { fail } from '../../lib/errors';
import { countMetric } from '../../lib/observability';
import { businessMetrics } from '../../../shared/metrics';
import type { Session } from '../sessions/session';
import { contentEntry, getHistoryEvent, keyFields, stateOf, visibleEvent, type ContentItem } from './journal';
import { itemChanged, requireVersion } from './item-changed';
import { asTheWriterSeesThem, bookkeeping, linkStepsBack } from './revert-event';

const contentKinds = new Set<string>(['answer', 'takeaway', 'goal', 'actionPoint']);

/**
 * Fields a version does not bring back: bookkeeping, keys and indexes (the write derives the
 * assignee index from the restored state: items.ts withAssigneeIndex), votes (they are the
 * voters', not the item's) and links (planned on their own).
 */
const notRestored = (field: string) => bookkeeping.has(field) || keyFields.includes(field) || field === 'voterIds' || linkFields.includes(field as LinkField);

/**
 * "Restore this version" (docs/product/history-and-undo.md#restore-a-version): the item an
 * event changed is set back to how it was right after that event: its fields, and its links
 * to items that still exist (and, when new, are open and under the link limit, on both
 * sides: revert-event.ts linksBack). Votes stay as they are. The restorer sends the
 * item's `version` they read; a later change refuses it with 409 ITEM_CHANGED (71) and the
 * item as it is now. One transaction with its own event (`versionRestored`), which can be
 * undone like any change. Who may: whoever may edit the item now, and the family's owners
 * and admins (shared/permissions.ts canRestoreCanvasItem). An event or item the caller
 * may not see is not found (4), as reads answer.
 */
export async function restoreVersion(session: Session, eventId: string, version: number, familyIdParam?: number): Promise<RevertResponse> {
  const familyId = familyIdParam ?? ownFamilyId(session);
  return withCanvasRetry(async () => {
    const [context, event] = await Promise.all([loadCanvas(session, familyId), getHistoryEvent(familyId, eventId)]);
    if (!event || !visibleEvent(context.access, event) || !contentKinds.has(event.itemType)) throw fail('ITEM_NOT_FOUND');
    const kind = event.itemType as ContentKind;
    const current = context.snapshot.contentMap(kind).get(event.itemId) as ContentItem | undefined;
    if (current && !context.canSee(current.sectionId)) throw fail('ITEM_NOT_FOUND');
    // A delete leaves no version to go back to ("Recently deleted" restores the item).
    if (event.after === null) throw fail('VALIDATION_ERROR', { message: 'A deletion has no version to restore; restore the item from Recently deleted.' });
    if (!current) {
      throw await itemChanged(
        context,
        { itemType: kind, itemId: event.itemId, current: null },
        'This item was deleted since; restore it from Recently deleted first.',
      );
    }
    if (!canRestoreCanvasItem(context.access, context.userId, { kind, createdByUserId: current.createdByUserId })) throw fail('FORBIDDEN');
    await requireVersion(context, current, version);

    const target = event.after;
    const now = current as unknown as Record<string, unknown>;
    const set: Record<string, unknown> = {};
    const remove: string[] = [];
    for (const field of new Set([...Object.keys(target), ...Object.keys(now)])) {
      if (notRestored(field)) continue;
      const value = target[field];
      if (JSON.stringify(value) === JSON.stringify(now[field])) continue;
      if (value === undefined) remove.push(field);
      else set[field] = value;
    }
    const updated = { ...current, ...set, version: current.version + 1 } as ContentItem & Record<string, unknown>;
    for (const field of remove) delete updated[field];
    const steps: Step[] = [];
    if (kind !== 'answer') {
      steps.push(...linkStepsBack(context, kind, target, current, { set, remove, updated }));
    }
    steps.unshift({
      op: updateOp(contentKey(familyId, kind, current.id), { set, remove }, { expression: '#version = :version', values: { ':version': current.version } }),
      onConditionFailed: () => 'retry',
    });
    const results = await runSteps(steps, {
      familyId,
      actor: context.actor,
      entries: [{ ...contentEntry('versionRestored', current, updated as ContentItem, event.id), before: stateOf(current), after: stateOf(updated) }],
    });
    countMetric(businessMetrics.reverts);
    return { results: asTheWriterSeesThem(context, results) };
  });
}
