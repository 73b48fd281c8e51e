import { advisorRoleKey } from '../access/decide';
import { canvasLimits } from '../../../shared/contract-limits';
import type { HistoryEvent, HistoryState, RevertResponse } from '../../../shared/contracts/history';
import { EntityType, type WorkRelationRoleId } from '../../../shared/enums';
import {
  canEditCanvas,
  canRevertCanvasChange,
  permissionsForRole,
  permissionsForWorkRelationRole,
  effectiveWorkRelationRoleId,
} from '../../../shared/permissions';
import { loadCanvas, ownFamilyId, type CanvasContext, runSteps, withCanvasRetry, type Step } from '../canvas/context';
import { backLinkField, linkFieldsOf, mayBeAssigned, otherSideSteps, resolveAssignee, unlinkAllSteps, type LinkPlan } from '../canvas/references';
import { batchGetItems, attributeIs, listLacks } from '../../lib/db/table';
import {
  contentKey,
  contentRecord,
  deleteOp,
  putOp,
  renameEntityCanvasOp,
  updateOp,
  type ContentKind,
  type LinkableKind,
  type LinkField,
} from '../../records/items';
import { getHistoryBatch, getHistoryEvent } from '../../records/journal-reading';
import { forgetDeletedEventOp, itemOfState, stateOf } from '../../records/journal-codec';
import { visibleEvent } from '../../records/journal-visibility';
import { advisorEntry, type ContentItem, type JournalEntry, sharesEntry, titleEntry } from '../../records/journal-recording';
import { keys } from '../../lib/db/keys';
import type { MemberItem } from '../../records/members';
import { deleteWorkRelationMemberItem, putWorkRelationMemberItem } from '../../records/work-relation-members';
import { updateSharedSections } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { itemChanged } from '../canvas/item-changed';
import type { Session } from '../sessions/session';
import { countMetric } from '../../lib/observability';
import { businessMetrics } from '../../../shared/metrics';
import { linkFields } from '../../../shared/canvas-links';
import { contentKindOfType } from '../../records/items';
import { linkSeenBy } from '../canvas/live-view';
import { unassignUnseen } from '../canvas/unassign-unseen';

/**
 * Undo (issue "every change recorded"): reverts one event, or the whole batch it belongs to
 * (one user action: a reset is many deletes), newest first. Every item must still be as the
 * event left it, else nothing changes and the answer is 409 ITEM_CHANGED (71) with the
 * item as it is now and who changed it. A revert is itself journaled (`restored` for an
 * item that comes back, `reverted` otherwise) and can be reverted in turn.
 */
export async function revertEvent(session: Session, eventId: string, familyIdParam?: number): Promise<RevertResponse> {
  const familyId = familyIdParam ?? ownFamilyId(session);
  return withCanvasRetry(async () => {
    const [context, event] = await Promise.all([loadCanvas(session, familyId), getHistoryEvent(familyId, eventId)]);
    if (!event || !visibleEvent(context.access, event)) throw fail('ITEM_NOT_FOUND');
    if (!canRevertCanvasChange(context.access, context.userId, event.actor.userId)) throw fail('FORBIDDEN');
    const batch = (await getHistoryBatch(familyId, event.batchId)).filter((member) => visibleEvent(context.access, member));
    const ordered = (batch.length ? batch : [event]).slice().reverse();
    const voters = await votersWhoMayVote(context, ordered);
    // Items this batch brings back (a reset's): they link to each other as they did.
    const peers = new Set(ordered.filter((undone) => isContent(undone) && undone.after === null).map((undone) => undone.itemId));
    const plans: Array<{ steps: Step[]; entry: JournalEntry }> = [];
    for (const undone of ordered) plans.push(...(await planRevert(context, undone, voters, peers)));
    const results = await writeInChunks(context, plans);
    // Undoing a sharing or an advisor's rights may take sight away: open action points follow (canvas/unassign-unseen.ts).
    if (results.some((result) => result.itemType === 'shares' || result.itemType === 'advisor')) await unassignUnseen(familyId, context.actor);
    countMetric(businessMetrics.reverts);
    return { results: asTheWriterSeesThem(context, results) };
  });
}

/** Transactions of at most 100 items: an undo of a reset restores many items. */
async function writeInChunks(context: CanvasContext, plans: Array<{ steps: Step[]; entry: JournalEntry }>): Promise<HistoryEvent[]> {
  const written: HistoryEvent[] = [];
  let chunk: typeof plans = [];
  let size = 0;
  const flush = async () => {
    if (!chunk.length) return;
    written.push(
      ...(await runSteps(
        chunk.flatMap((plan) => plan.steps),
        { familyId: context.familyId, actor: context.actor, entries: chunk.map((plan) => plan.entry) },
      )),
    );
    chunk = [];
    size = 0;
  };
  for (const plan of plans) {
    const planSize = plan.steps.length + 1;
    if (size + planSize > 100) await flush();
    chunk.push(plan);
    size += planSize;
  }
  await flush();
  return written;
}

// ---- refusals -------------------------------------------------------------------------------

/** The shared refusal (functions/domain/canvas/item-changed.ts) for the item an event is about. */
const refuse = (context: CanvasContext, event: HistoryEvent, current: HistoryState, message: string) =>
  itemChanged(context, { itemType: event.itemType, itemId: event.itemId, current, ownEventId: event.id }, message);

// ---- content items ----------------------------------------------------------------------------

const isContent = (event: HistoryEvent): event is HistoryEvent & { itemType: ContentKind } =>
  event.itemType === 'answer' || event.itemType === 'takeaway' || event.itemType === 'goal' || event.itemType === 'actionPoint';

/** Fields that are bookkeeping, not content: a revert never sets them back. */
export const bookkeeping = new Set([
  'version',
  'changedAt',
  'changedByUserId',
  'PK',
  'SK',
  'type',
  'id',
  'categoryId',
  'sectionId',
  'createdByUserId',
  'createdAt',
  'questionId',
]);

const closedField = (kind: LinkableKind) => (kind === 'takeaway' ? 'archived' : 'completed');

/**
 * The links an item gets back: to items that still exist, and (when new) are open and
 * under the link limit. Links the item has now and keeps need no check. A link to an item
 * the caller cannot see stays exactly as it is, on both sides: kept when it is there, not
 * made when it is not (docs/product/history-and-undo.md#undo-and-restore).
 */
export function linksBack(
  context: CanvasContext,
  kind: LinkableKind,
  wanted: Record<string, unknown>,
  current: ContentItem | undefined,
  peers: ReadonlySet<string>,
): LinkPlan[] {
  return linkFieldsOf[kind].map(({ field, targetKind }) => {
    const now = new Set<string>(((current as Record<string, unknown> | undefined)?.[field] as Set<string> | undefined) ?? []);
    const targets = context.snapshot.contentMap(targetKind);
    const hidden = (id: string) => {
      const target = targets.get(id);
      return target !== undefined && !context.canSee(target.sectionId);
    };
    const final = new Set<string>([...now].filter(hidden));
    const peerLinks: string[] = [];
    for (const id of (wanted[field] as string[] | undefined) ?? []) {
      // A peer comes back with its own side of the link: nothing to add to it.
      if (peers.has(id) && !targets.has(id)) {
        peerLinks.push(id);
        continue;
      }
      const target = targets.get(id) as (ContentItem & Record<string, unknown>) | undefined;
      if (!target || hidden(id)) continue;
      if (!now.has(id)) {
        const backLinks = (target[backLinkField[kind]] as Set<string> | undefined)?.size ?? 0;
        if (target[closedField(targetKind)] === true || backLinks >= canvasLimits.links) continue;
      }
      if (final.size < canvasLimits.links) final.add(id);
    }
    const added = [...final].filter((id) => !now.has(id));
    const removed = [...now].filter((id) => !final.has(id) && targets.has(id));
    for (const id of peerLinks) final.add(id);
    return { field, targetKind, final, added, removed, changed: added.length > 0 || removed.length > 0 || now.size !== final.size };
  });
}

/**
 * The links of `current` taken back to those of `wanted` (linksBack): the item's own link
 * fields go into the change (`set`, `remove`, and `updated`, the item as it will be), and the
 * other sides' steps are returned. Undo and "restore this version" share it.
 */
export function linkStepsBack(
  context: CanvasContext,
  kind: LinkableKind,
  wanted: Record<string, unknown>,
  current: ContentItem,
  change: { set: Record<string, unknown>; remove: string[]; updated: Record<string, unknown> },
): Step[] {
  const plans = linksBack(context, kind, wanted, current, new Set());
  for (const plan of plans) {
    if (!plan.changed) continue;
    if (plan.final.size) {
      change.set[plan.field] = plan.final;
      change.updated[plan.field] = plan.final;
    } else {
      change.remove.push(plan.field);
      delete change.updated[plan.field];
    }
  }
  return otherSideSteps(context.familyId, kind, current.id, plans);
}

/**
 * The voters whose votes come back with a restored item: those who may still vote here.
 * A family member needs an active membership with EditCanvas; an advisor an edit role for
 * a company that still works for the family (one BatchGet of their memberships).
 */
async function votersWhoMayVote(context: CanvasContext, events: HistoryEvent[]): Promise<Set<string>> {
  const voters = new Set<string>();
  for (const event of events) for (const voter of (event.before?.voterIds as string[] | undefined) ?? []) voters.add(voter);
  if (!voters.size) return voters;
  const companies = [...context.snapshot.workRelations.keys()];
  const memberKeys = [...voters].flatMap((userId) => [context.familyId, ...companies].map((entityId) => keys.member(entityId, userId)));
  const members = await batchGetItems<MemberItem>(memberKeys);
  const allowed = new Set<string>();
  for (const member of members) {
    if (!member.isActive) continue;
    if (member.entityId === context.familyId) {
      if (
        canEditCanvas({
          kind: 'own',
          membership: {
            entityId: member.entityId,
            entityTypeId: EntityType.Family,
            entityRoleId: member.entityRoleId,
            permissions: permissionsForRole(member.entityRoleId),
          },
        })
      )
        allowed.add(member.userId);
      continue;
    }
    const stored = context.snapshot.workRelationMembers.get(advisorRoleKey(member.entityId, member.userId))?.workRelationRoleId as
      WorkRelationRoleId | undefined;
    const roleId = effectiveWorkRelationRoleId(member, stored);
    const access = {
      kind: 'workRelation' as const,
      membership: {
        entityId: member.entityId,
        entityTypeId: EntityType.AdvisorCompany,
        entityRoleId: member.entityRoleId,
        permissions: permissionsForRole(member.entityRoleId),
      },
      workRelationRoleId: roleId,
      workRelationPermissions: permissionsForWorkRelationRole(roleId),
      sharedSectionIds: [],
    };
    if (canEditCanvas(access)) allowed.add(member.userId);
  }
  return allowed;
}

async function planContentRevert(
  context: CanvasContext,
  event: HistoryEvent & { itemType: ContentKind },
  voters: Set<string>,
  peers: ReadonlySet<string>,
): Promise<Array<{ steps: Step[]; entry: JournalEntry }>> {
  const kind = event.itemType;
  const familyId = context.familyId;
  const current = context.snapshot.contentMap(kind).get(event.itemId) as ContentItem | undefined;
  const currentState = stateOf(current);
  const expectedVersion = event.after?.version as number | undefined;

  // Undo a delete: the item comes back with the same id, its links and allowed votes.
  if (event.after === null) {
    // Undoing a batch (a reset) goes on where a collision stopped it: what is back stays.
    if (current && peers.size > 1) return [];
    if (current) throw await refuse(context, event, currentState, 'The item exists again; there is nothing to restore.');
    const before = itemOfState(event.before ?? {}) as ContentItem;
    const restored = { ...before, version: (before.version ?? 0) + 1 } as ContentItem & Record<string, unknown>;
    const keptVoters = [...((restored.voterIds as Set<string> | undefined) ?? [])].filter((voter) => voters.has(voter));
    if (keptVoters.length) restored.voterIds = new Set(keptVoters);
    else delete restored.voterIds;
    // A deleted action point comes back unassigned when its assignee can no longer see it (as unassignUnseen leaves it).
    if (
      restored.type === 'ActionPoint' &&
      typeof restored.assigneeId === 'string' &&
      !(await mayBeAssigned(context, restored.assigneeId, restored.sectionId))
    ) {
      restored.assigneeId = null;
    }
    const steps: Step[] = [];
    if (kind === 'answer') {
      const answer = restored as ContentItem & { questionId: string };
      const question = context.snapshot.questions.get(answer.questionId);
      if (!question) throw fail('ITEM_NOT_FOUND');
      steps.push({
        op: updateOp(
          keys.question(familyId, question.categoryId, question.id),
          { add: { answeredBy: new Set([answer.createdByUserId]) } },
          listLacks('answeredBy', answer.createdByUserId),
        ),
        onConditionFailed: () => fail('ITEM_CHANGED', { message: 'Its author has answered this question again: the old answer cannot come back.' }),
      });
    } else {
      const plans = linksBack(context, kind, event.before ?? {}, undefined, peers);
      for (const plan of plans) {
        if (plan.final.size) restored[plan.field] = plan.final;
        else delete restored[plan.field];
      }
      steps.push(...otherSideSteps(familyId, kind, restored.id, plans));
    }
    steps.unshift({ op: putOp(contentRecord(familyId, restored), { mustBeNew: true }), onConditionFailed: () => 'retry' });
    // Restored: it leaves the "Recently deleted" list.
    if (event.action === 'deleted') steps.push({ op: forgetDeletedEventOp(familyId, event.id), onConditionFailed: () => 'retry' });
    return [{ steps, entry: contentEntryOf('restored', null, restored, event.id) }];
  }

  if (!current || current.version !== expectedVersion) {
    throw await refuse(context, event, currentState, current ? 'Someone changed this item since.' : 'This item was deleted since.');
  }

  // Undo a create (or a restore): the item goes again.
  if (event.before === null) {
    const steps: Step[] = [
      {
        op: deleteOp(contentKey(familyId, kind, current.id), attributeIs('version', current.version)),
        onConditionFailed: () => 'retry',
      },
    ];
    if (current.type === 'Answer') {
      const question = context.snapshot.questions.get(current.questionId);
      if (question)
        steps.push({
          op: updateOp(keys.question(familyId, question.categoryId, question.id), { deleteFromSet: { answeredBy: new Set([current.createdByUserId]) } }),
          onConditionFailed: () => 'retry',
        });
    } else {
      steps.push(...unlinkAllSteps(context, kind as LinkableKind, current));
    }
    return [{ steps, entry: contentEntryOf('reverted', current, null, event.id) }];
  }

  // Undo a change: the fields the event changed get their values from before it.
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const before = event.before;
  const after = event.after;
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (bookkeeping.has(field) || linkFields.includes(field as LinkField)) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    const value = before[field];
    if (field === 'voterIds') {
      // Votes that were there stay; a withdrawn vote comes back only if its voter may still vote.
      const stillThere = new Set((after.voterIds as string[] | undefined) ?? []);
      const kept = ((value as string[] | undefined) ?? []).filter((voter) => stillThere.has(voter) || voters.has(voter));
      if (kept.length) set.voterIds = new Set(kept);
      else remove.push('voterIds');
    } else if (value === undefined) remove.push(field);
    else set[field] = value;
  }
  // An assignee comes back only if they may be assigned now: the update's own check (2).
  if (current.type === 'ActionPoint' && typeof set.assigneeId === 'string') {
    await resolveAssignee(context, set.assigneeId, current.sectionId, current);
  }
  const updated = { ...current, ...set, version: current.version + 1 } as ContentItem & Record<string, unknown>;
  for (const field of remove) delete updated[field];
  const steps: Step[] = [];
  if (kind !== 'answer') {
    const linksChanged = linkFields.some((field) => JSON.stringify(before[field] ?? []) !== JSON.stringify(after[field] ?? []));
    if (linksChanged) {
      steps.push(...linkStepsBack(context, kind, before, current, { set, remove, updated }));
    }
  }
  steps.unshift({
    op: updateOp(contentKey(familyId, kind, current.id), { set, remove }, attributeIs('version', current.version)),
    onConditionFailed: () => 'retry',
  });
  return [{ steps, entry: contentEntryOf('reverted', current, updated, event.id) }];
}

function contentEntryOf(action: 'restored' | 'reverted', before: ContentItem | null, after: ContentItem | null, revertsEventId: string): JournalEntry {
  const item = (after ?? before) as ContentItem & { title?: string; text?: string | null };
  return {
    action,
    itemType: contentKindOfType[item.type],
    itemId: item.id,
    sectionId: item.sectionId,
    categoryId: item.categoryId,
    title: item.type === 'Answer' ? (item.text ?? '').slice(0, 80) : (item.title ?? ''),
    before: stateOf(before),
    after: stateOf(after),
    revertsEventId,
  };
}

// ---- the canvas title, shares, advisors, a reset ----------------------------------------------------

async function planRevert(
  context: CanvasContext,
  event: HistoryEvent,
  voters: Set<string>,
  peers: ReadonlySet<string>,
): Promise<Array<{ steps: Step[]; entry: JournalEntry }>> {
  if (isContent(event)) return planContentRevert(context, event, voters, peers);
  const familyId = context.familyId;
  const { snapshot } = context;
  switch (event.itemType) {
    case 'canvas': {
      if (event.action === 'reset') {
        // The sharing the reset erased comes back, for companies that still work for the family.
        const shares = ((event.before?.shares as Array<{ advisorId: number; sharedSectionIds: number[] }> | undefined) ?? []).filter((share) =>
          snapshot.workRelations.has(share.advisorId),
        );
        return shares.map((share) => ({
          steps: [{ op: updateSharedSections(familyId, share.advisorId, share.sharedSectionIds), onConditionFailed: () => 'retry' as const }],
          entry: sharesEntry('reverted', {
            familyId,
            advisorId: share.advisorId,
            companyName: '',
            before: snapshot.workRelations.get(share.advisorId)?.sharedSectionIds ?? [],
            after: share.sharedSectionIds,
            revertsEventId: event.id,
          }),
        }));
      }
      const title = snapshot.meta?.title ?? '';
      if (title !== event.after?.title) throw await refuse(context, event, { title }, 'The canvas title changed since.');
      const previous = String(event.before?.title ?? title);
      return [
        {
          steps: [
            {
              op: updateOp(keys.canvas(familyId), { set: { title: previous } }, attributeIs('title', title)),
              onConditionFailed: () => 'retry',
            },
            { op: renameEntityCanvasOp(familyId, previous), onConditionFailed: () => fail('ITEM_NOT_FOUND') },
          ],
          entry: titleEntry('reverted', { familyId, before: title, after: previous, revertsEventId: event.id }),
        },
      ];
    }
    case 'shares': {
      // An ended relation comes back only through a new invitation (its roles and sockets are gone).
      if (event.action === 'relationEnded') throw fail('FORBIDDEN', { message: 'An ended work relation cannot be undone; invite the company again.' });
      const advisorId = Number(event.after?.advisorId);
      const relation = snapshot.workRelations.get(advisorId);
      const now = [...(relation?.sharedSectionIds ?? [])];
      if (!relation || JSON.stringify(now) !== JSON.stringify(event.after?.sharedSectionIds ?? [])) {
        throw await refuse(context, event, relation ? { advisorId, sharedSectionIds: now } : null, 'The shared sections changed since.');
      }
      const previous = (event.before?.sharedSectionIds as number[] | undefined) ?? [];
      return [
        {
          steps: [{ op: updateSharedSections(familyId, advisorId, previous), onConditionFailed: () => 'retry' }],
          entry: sharesEntry('reverted', { familyId, advisorId, companyName: event.title, before: now, after: previous, revertsEventId: event.id }),
        },
      ];
    }
    case 'advisor': {
      const advisorId = Number(event.after?.advisorId);
      const userId = String(event.after?.userId);
      if (!snapshot.workRelations.has(advisorId)) throw await refuse(context, event, null, 'The advisor company no longer works for this family.');
      const stored = snapshot.workRelationMembers.get(advisorRoleKey(advisorId, userId))?.workRelationRoleId ?? null;
      if (stored !== (event.after?.workRelationRoleId ?? null)) {
        throw await refuse(context, event, { advisorId, userId, workRelationRoleId: stored }, 'The advisor’s rights changed since.');
      }
      const previous = (event.before?.workRelationRoleId as WorkRelationRoleId | null | undefined) ?? null;
      const op =
        previous === null ? deleteWorkRelationMemberItem(familyId, advisorId, userId) : putWorkRelationMemberItem(familyId, advisorId, userId, previous);
      return [
        {
          steps: [{ op, onConditionFailed: () => 'retry' }],
          entry: advisorEntry('reverted', { advisorId, userId, name: event.title, before: stored, after: previous, revertsEventId: event.id }),
        },
      ];
    }
    default:
      throw fail('ITEM_NOT_FOUND');
  }
}

/** The events a revert or restore wrote, as the writer's history shows them (visibleEvent: `changes` included). */
export function asTheWriterSeesThem(context: CanvasContext, events: readonly HistoryEvent[]): HistoryEvent[] {
  const linkSeen = linkSeenBy(context);
  return events.map((event) => visibleEvent(context.access, event, linkSeen) ?? event);
}
