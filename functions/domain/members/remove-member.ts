import { lastHolderRefusal, memberRemovalRefusal } from '../../../shared/permissions';
import { EntityType } from '../../../shared/enums';
import { roleCounterChange } from '../../records/entities';
import { checkMemberRole, deleteMember, getMember } from '../../records/members';
import { deleteWorkRelationMembersOfAdvisor } from '../../records/work-relation-members';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import { revokeInvitationsOfFormerInviter } from '../invitations/inviter';
import { liveRightsChanged } from '../sockets/revocation';
import { refreshMembershipInSessions, type Session } from '../sessions/session';
import { runMemberChange } from './member-change';
import { unassignLeaver, unassignUnseen } from '../canvas/unassign-unseen';
import { resolveActor } from '../../records/journal-recording';

/**
 * Removes a member from the current entity. The policy decides who may
 * (RemoveMemberFromEntity, only an owner removes an owner → 62); the transaction keeps
 * the last owner (62) and the last admin (63) with a condition on the entity's counters.
 * The member's sessions lose the entity at once; an advisor's canvas roles at the
 * company's families go too; their pending invitations are revoked; their open action
 * points they can no longer see are unassigned. The canvas items they wrote and their
 * accepted invitations stay.
 */
export async function removeMember(session: Session, memberId: string): Promise<void> {
  const actor = requireCurrentMembership(session);
  const entityId = actor.entityId;
  await runMemberChange(async () => {
    const target = await getMember(entityId, memberId);
    if (!target) throw fail('ITEM_NOT_FOUND');
    const refusal = memberRemovalRefusal(actor, target.entityRoleId);
    if (refusal) throw fail(refusal);
    const isSelf = target.userId === session.userId;
    return {
      // The first failed condition names the answer: the guard, then the actor, then the member.
      writes: [
        roleCounterChange(entityId, target.entityRoleId, null, 'counter'),
        ...(isSelf ? [] : [checkMemberRole({ entityId, userId: session.userId, entityRoleId: actor.entityRoleId }, 'actor' as const)]),
        deleteMember(target, 'member'),
      ],
      guardRefusal: lastHolderRefusal('remove', target.entityRoleId),
      result: target,
    };
  });
  await refreshMembershipInSessions(memberId, entityId, null);
  // An advisor who leaves the company loses the canvas roles families gave them there.
  if (actor.entityTypeId === EntityType.AdvisorCompany) await deleteWorkRelationMembersOfAdvisor(entityId, memberId);
  // Their pending invitations die with their membership (functions/domain/invitations/inviter.ts); their sockets are decided again.
  await Promise.all([revokeInvitationsOfFormerInviter({ entityId, entityTypeId: actor.entityTypeId }, memberId, undefined), liveRightsChanged(memberId)]);
  // Their open action points where they can no longer see them lose their assignee (functions/domain/canvas/unassign-unseen.ts).
  const by = () => resolveActor(session);
  if (actor.entityTypeId === EntityType.Family) await unassignUnseen(entityId, by, new Set([memberId]));
  else await unassignLeaver(memberId, by);
}
