import type { RevertResponse } from '../../../shared/contracts/history';
import type { GoalTerm, Priority } from '../../../shared/enums';
import { canRestoreCanvasItem } from '../../../shared/permissions';
import { loadCanvas, ownFamilyId, runSteps, withCanvasRetry, type CanvasContext } from '../canvas/context';
import { editSteps, requireOpen, type ItemUpdate } from '../canvas/content';
import type { ActionPointItem, AnswerItem, ContentKind, GoalItem, LinkableKind, LinkField, TakeawayItem } from '../../records/items';
import { planAnswerEdit } from '../canvas/update-answer';
import { planTakeawayEdit } from '../canvas/update-takeaway';
import { planGoalEdit } from '../canvas/update-goal';
import { planActionPointEdit } from '../canvas/update-action-point';
import { fail } from '../../lib/errors';
import { countMetric } from '../../lib/observability';
import { businessMetrics } from '../../../shared/metrics';
import type { Session } from '../sessions/session';
import { getHistoryEvent } from '../../records/journal-reading';
import { stateOf } from '../../records/journal-codec';
import { visibleEvent } from '../../records/journal-visibility';
import { contentEntry, type ContentItem } from '../../records/journal-recording';
import { itemChanged, requireVersion } from '../canvas/item-changed';
import { asTheWriterSeesThem, linksBack } from './revert-event';

const contentKinds = new Set<string>(['answer', 'takeaway', 'goal', 'actionPoint']);

/**
 * "Restore this version" (docs/product/history-and-undo.md#restore-a-version): the item an
 * event changed is set back to how it was right after that event, as the edit it amounts to:
 * its fields and links go through the same planner and checks as the item's update route
 * (update-answer.ts, update-takeaway.ts, update-goal.ts, update-action-point.ts: the
 * initiator a family member, the assignee someone who can see the section, links the caller
 * cannot see left as they are), and a closed item is read-only as there (requireOpen): only
 * its archived or completed state may come back on its own. Links come back to items that
 * still exist (and, when new, are open and under the link limit: revert-event.ts linksBack).
 * Votes stay as they are. The restorer sends the item's `version` they read; a later change
 * refuses it with 409 ITEM_CHANGED (71) and the item as it is now. One transaction with its
 * own event (`versionRestored`), which can be undone like any change; a restore that changes
 * nothing writes nothing (no events in the answer). Who may: whoever may edit the item now,
 * and the family's owners and admins (shared/permissions.ts canRestoreCanvasItem). An event
 * or item the caller may not see is not found (4), as reads answer.
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
    const edit = await editBack(context, current, target);
    // A closed item is read-only, as for its update route; its state alone may come back.
    if (edit.changed && current.type !== 'Answer') requireOpen(current);
    const closed = current.type === 'Takeaway' ? 'archived' : current.type === 'Answer' ? undefined : 'completed';
    const reopensOrCloses = closed !== undefined && (target[closed] === true) !== ((current as Record<string, unknown>)[closed] === true);
    if (!edit.changed && !reopensOrCloses) return { results: [] };
    const updated = { ...edit.updated } as ContentItem & Record<string, unknown>;
    if (closed !== undefined && reopensOrCloses) {
      const value = target[closed] === true;
      edit.set[closed] = value;
      updated[closed] = value;
    }
    const results = await runSteps(editSteps(familyId, kind, current, edit), {
      familyId,
      actor: context.actor,
      entries: [{ ...contentEntry('versionRestored', current, updated, event.id), before: stateOf(current), after: stateOf(updated) }],
    });
    countMetric(businessMetrics.reverts);
    return { results: asTheWriterSeesThem(context, results) };
  });
}

type State = Record<string, unknown>;
const text = (state: State) => (typeof state.text === 'string' ? state.text : null);
const person = (state: State, field: 'initiatorId' | 'assigneeId') => (typeof state[field] === 'string' ? (state[field] as string) : null);
const day = (state: State) => (typeof state.dueDate === 'string' ? state.dueDate : null);

/**
 * The edit that takes `current` back to the version's state, planned by the item's own
 * update planner: the fields as they were, and the version's links that may come back and
 * that the caller can see (the planner keeps the ones they cannot see).
 */
async function editBack(context: CanvasContext, current: ContentItem, target: State): Promise<ItemUpdate<ContentItem>> {
  const links = (kind: LinkableKind) => {
    const plans = linksBack(context, kind, target, current, new Set());
    const visible = (field: LinkField) => {
      const plan = plans.find((candidate) => candidate.field === field)!;
      const targets = context.snapshot.contentMap(plan.targetKind);
      return [...plan.final].filter((id) => context.canSee(targets.get(id)!.sectionId));
    };
    return visible;
  };
  const title = String(target.title ?? '');
  switch (current.type) {
    case 'Answer':
      return planAnswerEdit(context, current as AnswerItem, { text: String(target.text ?? '') });
    case 'Takeaway':
      return planTakeawayEdit(context, current as TakeawayItem, {
        title,
        text: text(target),
        initiatorId: person(target, 'initiatorId'),
        linkedGoalIds: links('takeaway')('linkedGoalIds'),
      });
    case 'Goal': {
      const visible = links('goal');
      return planGoalEdit(context, current as GoalItem, {
        title,
        text: text(target),
        initiatorId: person(target, 'initiatorId'),
        goalTerm: (target.goalTerm as GoalTerm | undefined) ?? 'NoTerm',
        dueDate: day(target),
        linkedTakeawayIds: visible('linkedTakeawayIds'),
        linkedActionPointIds: visible('linkedActionPointIds'),
      });
    }
    case 'ActionPoint':
      return planActionPointEdit(context, current as ActionPointItem, {
        title,
        text: text(target),
        initiatorId: person(target, 'initiatorId'),
        assigneeId: person(target, 'assigneeId'),
        priority: (target.priority as Priority | undefined) ?? 'NoPriority',
        updatePriority: true,
        dueDate: day(target),
        linkedGoalIds: links('actionPoint')('linkedGoalIds'),
      });
  }
}
