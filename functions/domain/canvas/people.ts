import { EntityType, WorkRelationRole } from '../../../shared/enums';
import { effectiveWorkRelationRoleId } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
import { activeFamilyMemberCheck, type InitiatorNames } from './items';
import { listMembershipsOfUser } from '../members/members';
import { getUser } from '../accounts/users';
import { fail } from '../../lib/errors';
import { anotherAdvisorId } from '../../../shared/contracts/history';
import type { CanvasContext } from './context';
import { personIdFor } from './views';
import type { Step } from './transaction';

/**
 * Who may be named on a takeaway, goal or action point (docs/product/canvas.md#validation): the initiator is a
 * member of the family, the assignee any canvas member (a family member, or an advisor
 * whose company works on this canvas and who has not been given 'no access'); null names
 * nobody. A wrong person is a validation error on the field (2).
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
 * The assignee to store. Left out, a new action point is the caller's; an update keeps the
 * stored one. Anybody but the caller costs one Query of that user's memberships.
 */
export async function resolveAssignee(
  context: CanvasContext,
  requested: string | null | undefined,
  stored?: { assigneeId: string | null },
): Promise<string | null> {
  if (requested === undefined) return stored ? (stored.assigneeId ?? null) : context.userId;
  if (requested === null) return null;
  if (requested === context.userId || (stored && requested === stored.assigneeId)) return requested;
  // An advisor sees another company's assignee as "another advisor": sent back, it keeps them.
  if (requested === anotherAdvisorId && stored && stored.assigneeId !== null && personIdFor(context, stored.assigneeId) === anotherAdvisorId)
    return stored.assigneeId;
  const memberships = await listMembershipsOfUser(requested);
  const isCanvasMember = memberships.some((membership) => {
    if (membership.entityTypeId === EntityType.Family) return membership.entityId === context.familyId;
    if (!context.snapshot.workRelations.has(membership.entityId)) return false;
    const roleId = effectiveWorkRelationRoleId(membership, context.snapshot.workRelationMembers.get(`${membership.entityId}#${requested}`)?.workRelationRoleId);
    return roleId !== WorkRelationRole.None;
  });
  if (!isCanvasMember) throw invalidPerson('assigneeId');
  return requested;
}

/**
 * The names to keep on a takeaway beside its initiator id (docs/product/canvas.md#fields `initiator`), so a
 * canvas read needs no lookup of people: the stored ones while the initiator stays, else
 * one GetItem of the person's profile. None without an initiator (or without a profile:
 * the membership check of the same write refuses such a person anyway).
 */
export async function initiatorNamesOf(
  initiatorId: string | null,
  stored?: { initiatorId: string | null; initiator?: InitiatorNames },
): Promise<InitiatorNames | undefined> {
  if (initiatorId === null) return undefined;
  if (stored?.initiator && stored.initiatorId === initiatorId) return stored.initiator;
  const user = await getUser(initiatorId);
  return user ? { firstName: user.firstName, lastName: user.lastName } : undefined;
}
