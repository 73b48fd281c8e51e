import { familyOfContentId } from '../../../shared/canvas-ids';
import type { VoteResponse } from '../../../shared/contracts/canvas';
import { canDeleteCanvasItem, canVote } from '../../../shared/permissions';
import { batchDelete, checkOp, contentKey, deleteExistingOp, deleteOp, putOp, updateOp, voteRecord, type ContentItemOf, type ContentKind } from '../db/canvas';
import { keys } from '../db/keys';
import { fail } from '../errors';
import type { Session } from '../session';
import { loadCanvas, requireEditRights, requireVisibleContent, type CanvasContext } from './context';
import { unlinkAllSteps } from './links';
import { runSteps, withCanvasRetry, type Step } from './transaction';

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
export const unchangedSince = (item: { version: number }) => ({ expression: '#version = :version', values: { ':version': item.version } });

/**
 * Deletes an item (spec 02 §6): its creator, or an owner or admin on their own family's
 * canvas (never through a work relation) — FORBIDDEN (8) otherwise. Its links go on the
 * other side in the same transaction (an answer's one-answer guard likewise); its votes
 * are deleted right after.
 */
export async function deleteContentItem(session: Session, kind: ContentKind, id: string): Promise<void> {
  const familyId = familyOfItem(id);
  await withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVisibleContent(context, kind, id);
    if (!canDeleteCanvasItem(context.access, context.userId, item.createdByUserId)) throw fail('FORBIDDEN');
    const steps: Step[] = [{ op: deleteOp(contentKey(familyId, kind, id), unchangedSince(item)), onConditionFailed: () => 'retry' }];
    if (item.type === 'Answer') {
      steps.push({ op: deleteOp(keys.answerGuard(familyId, item.questionId, item.createdByUserId)), onConditionFailed: () => 'retry' });
    } else {
      steps.push(...unlinkAllSteps(context, kind as Exclude<ContentKind, 'answer'>, item));
    }
    await runSteps(steps);
    // A vote added between the read and the delete outlives the item harmlessly: votes
    // count only for items that exist, and a canvas reset removes every vote.
    await batchDelete([...context.snapshot.votersOf(id)].map((userId) => keys.vote(familyId, id, userId)));
  });
}

type VotableKind = 'answer' | 'takeaway';

function requireVotable(context: CanvasContext, kind: VotableKind, itemId: string): ContentItemOf[VotableKind] {
  const item = requireVisibleContent(context, kind, itemId);
  requireEditRights(context);
  // Spec 02 §4: an archived takeaway is read-only.
  if (item.type === 'Takeaway' && item.isArchived) throw fail('FORBIDDEN');
  return item;
}

/**
 * Votes for an answer or takeaway (spec 02 §4, §6): edit rights, never one's own item
 * (FORBIDDEN, 8), once per user (the vote's key is the guard: ITEM_FOUND, 9).
 */
export async function addVote(session: Session, kind: VotableKind, itemId: string): Promise<VoteResponse> {
  const familyId = familyOfItem(itemId);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVotable(context, kind, itemId);
    if (!canVote(context.access, context.userId, item.createdByUserId)) throw fail('FORBIDDEN');
    const voters = context.snapshot.votersOf(itemId);
    if (voters.has(context.userId)) throw fail('ITEM_FOUND');
    await runSteps([
      { op: putOp(voteRecord(familyId, { type: 'Vote', itemId, userId: context.userId }), { mustBeNew: true }), onConditionFailed: () => fail('ITEM_FOUND') },
      {
        op: checkOp(contentKey(familyId, kind, itemId), kind === 'takeaway' ? { expression: '#isArchived = :open', values: { ':open': false } } : undefined),
        onConditionFailed: () => 'retry',
      },
    ]);
    return { itemId, userId: context.userId, voteCount: voters.size + 1 };
  });
}

/** Withdraws the caller's vote; no such vote → ITEM_NOT_FOUND (4). */
export async function removeVote(session: Session, kind: VotableKind, itemId: string): Promise<void> {
  const familyId = familyOfItem(itemId);
  const context = await loadCanvas(session, familyId);
  requireVotable(context, kind, itemId);
  await runSteps([{ op: deleteExistingOp(keys.vote(familyId, itemId, context.userId)), onConditionFailed: () => fail('ITEM_NOT_FOUND') }]);
}

/**
 * Marks a goal or action point completed or active again (spec 02 §4): edit rights (8).
 * Completing changes nothing on linked items.
 */
export async function setCompleted<K extends 'goal' | 'actionPoint'>(
  session: Session,
  kind: K,
  id: string,
  completed: boolean,
): Promise<{ context: CanvasContext; item: ContentItemOf[K] }> {
  const familyId = familyOfItem(id);
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const item = requireVisibleContent(context, kind, id);
    requireEditRights(context);
    if (item.isCompleted !== completed) {
      await runSteps([{ op: updateOp(contentKey(familyId, kind, id), { set: { isCompleted: completed } }), onConditionFailed: () => 'retry' }]);
    }
    return { context, item: { ...item, isCompleted: completed } };
  });
}
