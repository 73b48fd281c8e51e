import { requireVersion } from './item-changed';
import { familyOfContentId } from '../../../shared/canvas-ids';
import { voteIdOf } from '../../../shared/contract-limits';
import { canDeleteCanvasItem, canEditCanvasItem, canVote } from '../../../shared/permissions';
import {
  contentKey,
  deleteOp,
  updateOp,
  type ActionPointItem,
  type ContentItemOf,
  type ContentKind,
  type GoalItem,
  type TakeawayItem,
} from '../../records/items';
import { keys } from '../../lib/db/keys';
import { allOf, attributeIs, listHolds, listLacks, stillOpen } from '../../lib/db/table';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { contentEntry } from '../../records/journal-recording';
import { journalOf, loadCanvas, requireEditRights, requireVisibleContent, type CanvasContext, runSteps, withCanvasRetry, type Step } from './context';
import { unlinkAllSteps } from './references';

/**
 * Writes shared by answers, takeaways, goals and action points: delete, votes, completion.
 * Each reads the canvas once, asks the policy, and writes one transaction whose conditions
 * hold the rule when two people act at once.
 */

/** The family of a content id (path schemas already refused malformed ones). */
export function familyOfItem(id: string): number {
  const familyId = familyOfContentId(id);
  if (familyId === undefined) throw fail('INCORRECT_INPUT', { errors: { id: ['forms.errorMessages.invalidInput'] } });
  return familyId;
}

/** The item's current version: the write only happens if nobody changed it since the read. */
export const unchangedSince = (item: { version: number }) => attributeIs('version', item.version);

/**
 * An archived takeaway and a completed goal or action point are read-only
 * (docs/product/canvas.md#rules): the one refusal of an edit of one, for the update routes
 * and for "restore this version" (functions/domain/journal/restore-version.ts).
 */
export function requireOpen(item: TakeawayItem | GoalItem | ActionPointItem): void {
  if (item.type === 'Takeaway' && item.archived) throw fail('FORBIDDEN', { message: 'An archived takeaway is read-only.' });
  if (item.type === 'Goal' && item.completed) throw fail('FORBIDDEN', { message: 'A completed goal is read-only.' });
  if (item.type === 'ActionPoint' && item.completed) throw fail('FORBIDDEN', { message: 'A completed action point is read-only.' });
}

/**
 * An edit of an item as planned by its kind's planner (update-answer.ts, update-takeaway.ts,
 * update-goal.ts, update-action-point.ts), shared by the update routes and "restore this
 * version": what the item's own write sets and removes, the transaction's other steps (the
 * checks of the people it names, the other sides of its links), the item as it will be, and
 * whether it changes anything (a save that changes nothing writes nothing:
 * docs/product/canvas.md#rules).
 */
export type ItemUpdate<T> = { set: Record<string, unknown>; remove: readonly string[]; steps: Step[]; updated: T; changed: boolean };

/** The transaction of an edit: the item's own write, conditioned on the version read, then the edit's other steps. */
export function editSteps(familyId: number, kind: ContentKind, item: { id: string; version: number }, edit: ItemUpdate<unknown>): Step[] {
  return [
    { op: updateOp(contentKey(familyId, kind, item.id), { set: edit.set, remove: edit.remove }, unchangedSince(item)), onConditionFailed: () => 'retry' },
    ...edit.steps,
  ];
}

/**
 * The one update path of answers, takeaways, goals and action points (PATCH on each kind's
 * route): the item the caller can see (4), the kind's permission (`mayEdit`, 8), the version
 * the caller started from (71), a closed item read-only (8), then the kind's planner. A save
 * that changes nothing writes nothing and answers the item as it is; otherwise one
 * transaction with the `updated` event.
 */
export async function updateContentItem<K extends ContentKind, R>(
  session: Session,
  kind: K,
  id: string,
  version: number | undefined,
  edit: {
    mayEdit: (context: CanvasContext, item: ContentItemOf[K]) => void;
    plan: (context: CanvasContext, item: ContentItemOf[K]) => ItemUpdate<ContentItemOf[K]> | Promise<ItemUpdate<ContentItemOf[K]>>;
    view: (context: CanvasContext, item: ContentItemOf[K]) => R;
  },
): Promise<R> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVisibleContent(context, kind, id);
    edit.mayEdit(context, item);
    await requireVersion(context, item, version);
    if (item.type !== 'Answer') requireOpen(item);
    const planned = await edit.plan(context, item);
    if (!planned.changed) return edit.view(context, item);
    await runSteps(editSteps(familyId, kind, item, planned), journalOf(context, contentEntry('updated', item, planned.updated)));
    return edit.view(context, planned.updated);
  });
}

/** Editing a goal, action point or answer is its creator's, with edit rights (shared/permissions.ts canEditCanvasItem): FORBIDDEN (8) otherwise. */
export function requireCreatorEdit(context: CanvasContext, item: { createdByUserId: string }): void {
  if (!canEditCanvasItem(context.access, context.userId, item.createdByUserId)) throw fail('FORBIDDEN');
}

/** A stored value as an edit compares it: no value, null and '' are alike; sets and lists by their members. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (value instanceof Set || Array.isArray(value)) return JSON.stringify([...(value as Iterable<unknown>)].map(String).sort());
  return JSON.stringify(value);
}

/** Whether setting `set` and removing `remove` would change the item. */
export function changesItem(item: object, set: Record<string, unknown>, remove: readonly string[] = []): boolean {
  const now = item as Record<string, unknown>;
  return (
    Object.entries(set).some(([field, value]) => comparable(value) !== comparable(now[field])) || remove.some((field) => comparable(now[field]) !== 'null')
  );
}

/**
 * Deletes an item (docs/product/canvas.md#permissions): its creator, or an owner or admin on their own family's
 * canvas (never through a work relation) — FORBIDDEN (8) otherwise. Its links go on the
 * other side in the same transaction; an answer's author leaves the question's
 * `answeredBy` there too. Its votes live on the item and go with it.
 */
export async function deleteContentItem(session: Session, kind: ContentKind, id: string): Promise<void> {
  const familyId = familyOfItem(id);
  await withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVisibleContent(context, kind, id);
    if (!canDeleteCanvasItem(context.access, context.userId, item.createdByUserId)) throw fail('FORBIDDEN');
    const steps: Step[] = [{ op: deleteOp(contentKey(familyId, kind, id), unchangedSince(item)), onConditionFailed: () => 'retry' }];
    if (item.type === 'Answer') {
      const question = context.snapshot.questions.get(item.questionId);
      if (question) {
        steps.push({
          op: updateOp(keys.question(familyId, question.categoryId, question.id), { deleteFromSet: { answeredBy: new Set([item.createdByUserId]) } }),
          onConditionFailed: () => 'retry',
        });
      }
    } else {
      steps.push(...unlinkAllSteps(context, kind as Exclude<ContentKind, 'answer'>, item));
    }
    // The event keeps the whole item, its links and voters: what a restore needs.
    await runSteps(steps, journalOf(context, contentEntry('deleted', item, null)));
  });
}

type VotableKind = 'answer' | 'takeaway';

function requireVotable(context: CanvasContext, kind: VotableKind, itemId: string): ContentItemOf[VotableKind] {
  const item = requireVisibleContent(context, kind, itemId);
  requireEditRights(context);
  // docs/product/canvas.md#rules: an archived takeaway is read-only.
  if (item.type === 'Takeaway' && item.archived) throw fail('FORBIDDEN');
  return item;
}

/**
 * Votes for an answer or takeaway (docs/product/canvas.md#rules, #permissions): edit rights, never one's own item
 * (FORBIDDEN, 8), once per user (ITEM_FOUND, 9). The voter joins the item's `voterIds` on
 * the condition that they are not in it yet (and a takeaway is still open); a failed
 * condition is decided again on a fresh read, which then sees the vote, the archiving or
 * the deletion that won the race.
 */
export async function addVote(session: Session, kind: VotableKind, itemId: string): Promise<{ id: string; userId: string; voteCount: number }> {
  const familyId = familyOfItem(itemId);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVotable(context, kind, itemId);
    if (!canVote(context.access, context.userId, item.createdByUserId)) throw fail('FORBIDDEN');
    const voters = context.snapshot.votersOf(itemId);
    if (voters.has(context.userId)) throw fail('ITEM_FOUND');
    const voted = { ...item, voterIds: new Set([...voters, context.userId]), version: item.version + 1 };
    await runSteps(
      [
        {
          op: updateOp(
            contentKey(familyId, kind, itemId),
            { add: { voterIds: new Set([context.userId]) } },
            kind === 'takeaway' ? allOf(listLacks('voterIds', context.userId), stillOpen('archived')) : listLacks('voterIds', context.userId),
          ),
          onConditionFailed: () => 'retry',
        },
      ],
      journalOf(context, contentEntry('voted', item, voted)),
    );
    return { id: voteIdOf(itemId, context.userId), userId: context.userId, voteCount: voters.size + 1 };
  });
}

/** Withdraws the caller's vote; no such vote → ITEM_NOT_FOUND (4). */
export async function removeVote(session: Session, kind: VotableKind, itemId: string): Promise<void> {
  const familyId = familyOfItem(itemId);
  // Others voting on the same item at once write the same item: a collision reads again.
  await withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVotable(context, kind, itemId);
    const voters = context.snapshot.votersOf(itemId);
    if (!voters.has(context.userId)) throw fail('ITEM_NOT_FOUND');
    const unvoted = { ...item, voterIds: new Set([...voters].filter((voter) => voter !== context.userId)), version: item.version + 1 };
    await runSteps(
      [
        {
          op: updateOp(contentKey(familyId, kind, itemId), { deleteFromSet: { voterIds: new Set([context.userId]) } }, listHolds('voterIds', context.userId)),
          onConditionFailed: () => 'retry',
        },
      ],
      journalOf(context, contentEntry('unvoted', item, unvoted)),
    );
  });
}

/**
 * Marks a goal or action point completed or active again (docs/product/canvas.md#rules): edit rights (8).
 * Completing changes nothing on linked items.
 */
export async function setCompleted<K extends 'goal' | 'actionPoint'>(
  session: Session,
  kind: K,
  id: string,
  completed: boolean,
  version?: number,
): Promise<{ context: CanvasContext; item: ContentItemOf[K] }> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVisibleContent(context, kind, id);
    requireEditRights(context);
    await requireVersion(context, item, version);
    if (item.completed === completed) return { context, item };
    const updated = { ...item, completed, version: item.version + 1 };
    await runSteps(
      [{ op: updateOp(contentKey(familyId, kind, id), { set: { completed } }, unchangedSince(item)), onConditionFailed: () => 'retry' }],
      journalOf(context, contentEntry(completed ? 'completed' : 'uncompleted', item, updated)),
    );
    return { context, item: updated };
  });
}
