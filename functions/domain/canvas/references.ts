import { resolveCanvasAccess } from '../access/decide';
import { canSeeSection } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { activeFamilyMemberCheck, type InitiatorNames, contentKey, updateOp, type LinkableKind, type LinkField } from '../../records/items';
import { listMembershipsOfUser, type MemberItem } from '../../records/members';
import { toSessionMembership } from '../access/memberships';
import { getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { anotherAdvisorId } from '../../../shared/another-advisor';
import { type CanvasContext, type Step } from './context';
import { personIdFor } from './views';
import { familyOfContentId } from '../../../shared/canvas-ids';
import { canvasLimits } from '../../../shared/contract-limits';
import { type UpdateSpec, allOf, anyOf, attributeMissing, sizeBelow, stillOpen } from '../../lib/db/table';

/**
 * What a takeaway, goal or action point refers to: the people it names (initiator, assignee;
 * below first) and the items it links (after). Both are checked and mirrored in the write's
 * own transaction.
 */

/**
 * Who may be named on a takeaway, goal or action point (docs/product/canvas.md#validation): the initiator is a
 * member of the family, the assignee a canvas member who can see the item's section (a
 * family member, or an advisor whose company works on this canvas, shares that section with
 * them and has not given them 'no access'); null names nobody. A wrong person is a
 * validation error on the field (2).
 */

const invalidPerson = (field: 'initiatorId' | 'assigneeId') => fail('VALIDATION_ERROR', { errors: { [field]: [messageKeys.invalidInput] } });

/**
 * The initiator to store, and the transaction step that proves the person is an active
 * family member (checked by DynamoDB in the same transaction as the write). Left out, a
 * new item's initiator is the caller when the caller belongs to the family; an update
 * keeps the stored one.
 */
export function resolveInitiator(
  context: CanvasContext,
  requested: string | null | undefined,
  stored?: { initiatorId: string | null },
): { initiatorId: string | null; steps: Step[] } {
  const isFamilyMember = context.access.kind === 'own';
  if (requested === undefined) {
    if (stored) return { initiatorId: stored.initiatorId ?? null, steps: [] };
    return { initiatorId: isFamilyMember ? context.userId : null, steps: [] };
  }
  if (requested === null) return { initiatorId: null, steps: [] };
  if (stored && requested === stored.initiatorId) return { initiatorId: requested, steps: [] };
  if (requested === context.userId && isFamilyMember) return { initiatorId: requested, steps: [] };
  return {
    initiatorId: requested,
    steps: [{ op: activeFamilyMemberCheck(context.familyId, requested), onConditionFailed: () => invalidPerson('initiatorId') }],
  };
}

/**
 * The assignee to store: a person who can see the item's section (personSeesSection), or
 * nobody. Left out, a new action point is the caller's; an update keeps the stored one.
 * Anybody but the caller costs one Query of that user's memberships. A person who is no
 * canvas member, or cannot see the section, is a validation error on the field (2).
 */
export async function resolveAssignee(
  context: CanvasContext,
  requested: string | null | undefined,
  sectionId: number,
  stored?: { assigneeId: string | null },
): Promise<string | null> {
  if (requested === undefined) return stored ? (stored.assigneeId ?? null) : context.userId;
  if (requested === null) return null;
  if (requested === context.userId || (stored && requested === stored.assigneeId)) return requested;
  // An advisor sees another company's assignee as "another advisor": sent back, it keeps them.
  if (requested === anotherAdvisorId && stored && stored.assigneeId !== null && personIdFor(context, stored.assigneeId) === anotherAdvisorId)
    return stored.assigneeId;
  if (!(await mayBeAssigned(context, requested, sectionId))) {
    throw fail('VALIDATION_ERROR', { errors: { assigneeId: [messageKeys.invalidInput] }, message: 'This person cannot see this part of the canvas.' });
  }
  return requested;
}

/** Whether a person may be assigned an action point of a section: they can see it (one Query of their memberships). */
export async function mayBeAssigned(context: Pick<CanvasContext, 'familyId' | 'snapshot'>, userId: string, sectionId: number): Promise<boolean> {
  return personSeesSection(context, userId, await listMembershipsOfUser(userId), sectionId);
}

/**
 * Whether a person may see a section of this canvas by any of their active memberships: the
 * one access decision (functions/domain/access/decide.ts resolveCanvasAccess, shared/permissions.ts
 * canSeeSection) asked as that person, on the relations of the canvas read. An action point is
 * assigned only to such a person (resolveAssignee), and unassigned when they stop being one
 * (functions/domain/canvas/unassign-unseen.ts).
 */
export function personSeesSection(
  context: Pick<CanvasContext, 'familyId' | 'snapshot'>,
  userId: string,
  memberships: readonly MemberItem[],
  sectionId: number,
): boolean {
  return memberships.some((membership) => {
    const access = resolveCanvasAccess({ userId, membership: toSessionMembership(membership) }, context.familyId, context.snapshot);
    return access !== null && canSeeSection(access, sectionId);
  });
}

/**
 * The names to keep on a takeaway beside its initiator id (docs/product/canvas.md#fields `initiator`), so a
 * canvas read needs no lookup of people: the stored ones while the initiator stays; the
 * caller's own from the actor the write's journal names anyway (no extra read); else one
 * GetItem of the person's profile. None without an initiator (or without a profile: the
 * membership check of the same write refuses such a person anyway).
 */
export async function initiatorNamesOf(
  context: Pick<CanvasContext, 'userId' | 'actor'>,
  initiatorId: string | null,
  stored?: { initiatorId: string | null; initiator?: InitiatorNames },
): Promise<InitiatorNames | undefined> {
  if (initiatorId === null) return undefined;
  if (stored?.initiator && stored.initiatorId === initiatorId) return stored.initiator;
  if (initiatorId === context.userId) {
    const actor = await context.actor();
    return { firstName: actor.firstName, lastName: actor.lastName };
  }
  const user = await getUser(initiatorId);
  return user ? { firstName: user.firstName, lastName: user.lastName } : undefined;
}

/**
 * Links between takeaways, goals and action points (docs/product/canvas.md#rules): a takeaway links goals,
 * a goal links takeaways and action points, an action point links goals. Both sides hold
 * the link, and both change in the one transaction of the write. Only items of the same
 * canvas can be linked, and only open ones: no archived takeaway, no completed goal or
 * action point (INCORRECT_INPUT, 6, naming the field). An advisor limited to some
 * sections neither sees nor changes links into the others.
 */

/** The field on the other item that points back at an item of this kind. */
export const backLinkField: Record<LinkableKind, LinkField> = {
  takeaway: 'linkedTakeawayIds',
  goal: 'linkedGoalIds',
  actionPoint: 'linkedActionPointIds',
};

const closedAttribute: Record<LinkableKind, 'archived' | 'completed'> = {
  takeaway: 'archived',
  goal: 'completed',
  actionPoint: 'completed',
};

/** The link fields an item of each kind has, with the kind they point at. */
export const linkFieldsOf: Record<LinkableKind, ReadonlyArray<{ field: LinkField; targetKind: LinkableKind }>> = {
  takeaway: [{ field: 'linkedGoalIds', targetKind: 'goal' }],
  goal: [
    { field: 'linkedTakeawayIds', targetKind: 'takeaway' },
    { field: 'linkedActionPointIds', targetKind: 'actionPoint' },
  ],
  actionPoint: [{ field: 'linkedGoalIds', targetKind: 'goal' }],
};

export type LinkPlan = {
  field: LinkField;
  targetKind: LinkableKind;
  /** The item's own set after the write. */
  final: Set<string>;
  added: string[];
  removed: string[];
  changed: boolean;
};

function isClosed(item: { archived?: boolean; completed?: boolean }, kind: LinkableKind): boolean {
  return item[closedAttribute[kind]] === true;
}

const linkError = (field: LinkField, message: string) => fail('INCORRECT_INPUT', { errors: { [field]: [messageKeys.invalidInput] }, message });

/**
 * The new links of one field: the requested ids the caller can see, plus the existing
 * links the caller cannot see (kept untouched). `requested` undefined keeps the field.
 * Links that already exist may stay even if their target closed since.
 */
export function planLinks(
  context: CanvasContext,
  field: LinkField,
  targetKind: LinkableKind,
  requested: readonly string[] | undefined,
  existing: ReadonlySet<string> | undefined,
): LinkPlan {
  const before = new Set(existing ?? []);
  if (requested === undefined) return { field, targetKind, final: before, added: [], removed: [], changed: false };
  const targets = context.snapshot.contentMap(targetKind);
  const final = new Set<string>();
  for (const id of requested) {
    const target = familyOfContentId(id) === context.familyId ? targets.get(id) : undefined;
    if (!target || !context.canSee(target.sectionId)) throw linkError(field, `Cannot link ${id}: no such item on this canvas.`);
    if (isClosed(target, targetKind) && !before.has(id)) throw linkError(field, `Cannot link ${id}: archived and completed items cannot be linked.`);
    final.add(id);
  }
  for (const id of before) {
    const target = targets.get(id);
    // Links the caller cannot see stay; links to items that no longer exist go.
    if (target && !context.canSee(target.sectionId)) final.add(id);
  }
  if (final.size > canvasLimits.links) throw linkError(field, `At most ${canvasLimits.links} links.`);
  const added = [...final].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !final.has(id) && targets.has(id));
  const changed = added.length > 0 || removed.length > 0 || [...before].some((id) => !final.has(id));
  return { field, targetKind, final, added, removed, changed };
}

/** The own item's part of a link change: SET the new set, or REMOVE it when empty (DynamoDB has no empty sets). */
export function ownLinkUpdate(plans: readonly LinkPlan[]): Pick<UpdateSpec, 'set' | 'remove'> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const plan of plans) {
    if (!plan.changed) continue;
    if (plan.final.size) set[plan.field] = new Set(plan.final);
    else remove.push(plan.field);
  }
  return { set, remove };
}

/**
 * The other sides of a link change: each newly linked item gets this item's id (only while
 * it is open and under the link limit), each unlinked one loses it.
 */
export function otherSideSteps(familyId: number, ownKind: LinkableKind, ownId: string, plans: readonly LinkPlan[]): Step[] {
  const back = backLinkField[ownKind];
  const steps: Step[] = [];
  for (const plan of plans) {
    const closed = closedAttribute[plan.targetKind];
    for (const id of plan.added) {
      steps.push({
        op: updateOp(
          contentKey(familyId, plan.targetKind, id),
          { add: { [back]: new Set([ownId]) } },
          allOf(stillOpen(closed), anyOf(attributeMissing(back), sizeBelow(back, canvasLimits.links))),
        ),
        onConditionFailed: () => linkError(plan.field, `Cannot link ${id}: it was archived, completed, removed or has too many links.`),
      });
    }
    for (const id of plan.removed) {
      steps.push({
        op: updateOp(contentKey(familyId, plan.targetKind, id), { deleteFromSet: { [back]: new Set([ownId]) } }),
        onConditionFailed: () => 'retry',
      });
    }
  }
  return steps;
}

/** When an item is deleted: every item it links to, visible to the caller or not, loses the link. */
export function unlinkAllSteps(context: CanvasContext, kind: LinkableKind, item: { id: string } & Partial<Record<LinkField, Set<string>>>): Step[] {
  const back = backLinkField[kind];
  const steps: Step[] = [];
  for (const { field, targetKind } of linkFieldsOf[kind]) {
    for (const targetId of item[field] ?? []) {
      if (!context.snapshot.contentMap(targetKind).has(targetId)) continue;
      steps.push({
        op: updateOp(contentKey(context.familyId, targetKind, targetId), { deleteFromSet: { [back]: new Set([item.id]) } }),
        onConditionFailed: () => 'retry',
      });
    }
  }
  return steps;
}
