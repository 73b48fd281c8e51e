import { anotherAdvisorActor, anotherAdvisorId } from '../../shared/another-advisor';
import type { HistoryChange, HistoryChangeField, HistoryEvent, HistoryState } from '../../shared/contracts/history';
import { EntityType } from '../../shared/enums';
import { canSeeCanvasChange, canSeeWholeCanvas, isOtherAdvisorCompany, type CanvasAccess } from '../../shared/permissions';
import { isLinkField } from '../../shared/canvas-links';

/**
 * Who may see which history event, and how (docs/product/history-and-undo.md): the one filter the
 * feed, the revert, the live sender, the digest and the plan book read events through
 * (`visibleEvent`), and the before/after changes an event shows (`changesOf`).
 */

// ---- who sees what -------------------------------------------------------------------------

function withoutLinks(state: HistoryState): HistoryState {
  if (!state) return state;
  return Object.fromEntries(Object.entries(state).filter(([field]) => !isLinkField(field)));
}

/** A state with one person's id replaced by anotherAdvisorId (in its fields and lists). */
function withoutPerson(state: HistoryState, userId: string): HistoryState {
  if (!state) return state;
  const replace = (value: unknown): unknown => (value === userId ? anotherAdvisorId : Array.isArray(value) ? value.map(replace) : value);
  return Object.fromEntries(Object.entries(state).map(([field, value]) => [field, replace(value)]));
}

/** The fields a before/after view shows: the state's field → its wire name (shared/contracts/history.ts historyChangeFields). */
const changeFieldsOfState: ReadonlyArray<readonly [string, HistoryChangeField]> = [
  ['title', 'title'],
  ['text', 'description'],
  ['goalTerm', 'term'],
  ['priority', 'priority'],
  ['assigneeId', 'assignee'],
  ['dueDate', 'dueDate'],
  ['linkedGoalIds', 'linkedGoals'],
  ['linkedTakeawayIds', 'linkedTakeaways'],
  ['linkedActionPointIds', 'linkedActionPoints'],
  ['archived', 'archived'],
  ['completed', 'completed'],
];

const contentItemTypes = new Set(['answer', 'takeaway', 'goal', 'actionPoint']);

/** A field's value as a change shows it: no value is null (links: an empty list; flags: false). */
function changeValue(state: Record<string, unknown> | null, field: string): unknown {
  const value = state?.[field];
  if (isLinkField(field)) return Array.isArray(value) ? [...(value as string[])].sort() : [];
  if (field === 'archived' || field === 'completed') return value === true;
  return value === undefined || value === '' ? null : value;
}

const isEmptyValue = (value: unknown) => value === null || value === false || (Array.isArray(value) && value.length === 0);

/**
 * What an event changed, field by field (the one place that computes it): for a create the
 * fields it set, for a delete what was deleted (the other side null), for any other change
 * the fields whose values differ. Link lists keep only the ids `linkSeen` allows (an item in
 * a hidden section is left out); a link change that leaves nothing visible is no change.
 */
export function changesOf(event: Pick<HistoryEvent, 'itemType' | 'before' | 'after'>, linkSeen: (itemId: string) => boolean): HistoryChange[] {
  if (event.itemType === 'canvas') {
    const before = (event.before?.title as string | undefined) ?? null;
    const after = (event.after?.title as string | undefined) ?? null;
    return before !== after && (before !== null || after !== null) ? [{ field: 'title', before, after }] : [];
  }
  if (!contentItemTypes.has(event.itemType)) return [];
  const before = event.before;
  const after = event.after;
  const isAnswer = (before ?? after)?.type === 'Answer';
  const changes: HistoryChange[] = [];
  for (const [stateField, wireField] of changeFieldsOfState) {
    let was = before === null ? null : changeValue(before, stateField);
    let now = after === null ? null : changeValue(after, stateField);
    if (isLinkField(stateField)) {
      if (was !== null) was = (was as string[]).filter(linkSeen);
      if (now !== null) now = (now as string[]).filter(linkSeen);
    }
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    // A create or a delete lists the fields that hold something.
    if ((before === null || after === null) && isEmptyValue(before === null ? now : was)) continue;
    changes.push({ field: isAnswer && wireField === 'description' ? 'text' : wireField, before: was, after: now });
  }
  return changes;
}

/**
 * An event as one reader may receive it, or null when they may not (shared/permissions.ts
 * canSeeCanvasChange: its section must be visible; an event without a section needs the
 * whole canvas). A reader limited to some sections gets the undo data without link lists,
 * which may name items of sections hidden from them, and `changes` with only the links
 * `linkSeen` says they may see (the caller that has the canvas read passes it: the item
 * exists and sits in a visible section; without it such a reader sees no link changes).
 */
export function visibleEvent(access: CanvasAccess, event: HistoryEvent, linkSeen?: (itemId: string) => boolean): HistoryEvent | null {
  if (!canSeeCanvasChange(access, event.sectionId)) return null;
  // Another company's relation (its shares, its advisors) is the family's business.
  if (
    (event.itemType === 'shares' || event.itemType === 'advisor') &&
    isOtherAdvisorCompany(access, { entityId: Number(event.itemId.split(':')[0]), entityTypeId: EntityType.AdvisorCompany })
  )
    return null;
  // Another company's person acts as "another advisor" (no name, no id), also where the
  // item's states name them (the creator, an assignee or voter who is the actor).
  const seen = isOtherAdvisorCompany(access, event.actor)
    ? { ...event, actor: anotherAdvisorActor, before: withoutPerson(event.before, event.actor.userId), after: withoutPerson(event.after, event.actor.userId) }
    : event;
  if (canSeeWholeCanvas(access)) return { ...seen, changes: changesOf(seen, () => true) };
  return { ...seen, before: withoutLinks(seen.before), after: withoutLinks(seen.after), changes: changesOf(seen, linkSeen ?? (() => false)) };
}
