import type { EntityMember, UpdateMemberRequest } from '../../../shared/contracts/members';
import { lastHolderRefusal, memberRoleChangeRefusal } from '../../../shared/permissions';
import { roleCounterChange } from '../../records/entities';
import { checkMemberRole, getMember, updateMemberRole } from '../../records/members';
import { fail } from '../../lib/errors';
import { requireCurrentMembership, requireEntityRoleId, toSessionMembership } from '../access/memberships';
import { revokeInvitationsOfFormerInviter } from '../invitations/inviter';
import { liveRightsChanged } from '../sockets/revocation';
import { refreshMembershipInSessions, type Session } from '../sessions/session';
import { readMemberView } from './get-member';
import { runMemberChange } from './member-change';

/**
 * Changes a member's role and company position in the current entity (the member modal).
 * The policy decides who may (EditMember, only an owner touches an owner → 60, nobody
 * grants above their own role → 8); the transaction itself keeps the last owner (60) and
 * the last admin (61): it moves the entity's role counters with a condition, checks the
 * member still has the role read and the actor still has theirs. Every session of the
 * member then carries the new role.
 */
export async function updateMember(session: Session, memberId: string, input: UpdateMemberRequest): Promise<EntityMember> {
  const actor = requireCurrentMembership(session);
  const requestedRole = input.entityRoleId === undefined ? undefined : requireEntityRoleId(input.entityRoleId, 'entityRoleId');
  const entityId = actor.entityId;
  const updated = await runMemberChange(async () => {
    const target = await getMember(entityId, memberId);
    if (!target?.isActive) throw fail('ITEM_NOT_FOUND');
    const entityRoleId = requestedRole ?? target.entityRoleId;
    const companyPosition = input.companyPosition === undefined ? (target.companyPosition ?? null) : input.companyPosition;
    const refusal = memberRoleChangeRefusal(actor, target.entityRoleId, entityRoleId);
    if (refusal) throw fail(refusal);
    const isSelf = target.userId === session.userId;
    return {
      // The first failed condition names the answer: the guard, then the actor, then the member.
      writes: [
        roleCounterChange(entityId, target.entityRoleId, entityRoleId, 'counter'),
        ...(isSelf ? [] : [checkMemberRole({ entityId, userId: session.userId, entityRoleId: actor.entityRoleId }, 'actor' as const)]),
        updateMemberRole(target, { entityRoleId, companyPosition }, 'member'),
      ],
      guardRefusal: lastHolderRefusal('edit', target.entityRoleId),
      result: { ...target, entityRoleId, companyPosition },
    };
  });
  await refreshMembershipInSessions(updated.userId, entityId, toSessionMembership(updated));
  // A demotion revokes the pending invitations the new role could not send (functions/domain/invitations/inviter.ts).
  await Promise.all([
    revokeInvitationsOfFormerInviter({ entityId, entityTypeId: updated.entityTypeId }, updated.userId, updated),
    liveRightsChanged(updated.userId),
  ]);
  const viewer = updated.userId === session.userId ? toSessionMembership(updated) : actor;
  return readMemberView(session.userId, viewer, memberId);
}
