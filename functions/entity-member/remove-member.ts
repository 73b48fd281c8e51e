import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { lastHolderRefusal, memberRemovalRefusal } from '../../shared/permissions';
import { EntityType } from '../../shared/enums';
import { db } from '../lib/db/client';
import { roleCounterChange } from '../lib/db/entities';
import { checkMemberRole, deleteMember, getMember } from '../lib/db/members';
import { deleteWorkRelationMembersOfAdvisor } from '../lib/db/work-relations';
import { fail } from '../lib/errors';
import { requireCurrentMembership } from '../lib/memberships';
import { revokeInvitationsOfFormerInviter } from '../lib/invitations/inviter';
import { liveRightsChanged } from '../domain/live/revocation';
import { refreshMembershipInSessions, type Session } from '../domain/sessions/session';
import { runMemberChange } from './member-change';

/**
 * Removes a member from the current entity. The policy decides who may
 * (RemoveMemberFromEntity, only an owner removes an owner → 62); the transaction keeps
 * the last owner (62) and the last admin (63) with a condition on the entity's counters.
 * The member's sessions lose the entity at once; an advisor's canvas roles at the
 * company's families go too; their pending invitations are revoked. The canvas items they
 * wrote and their accepted invitations stay.
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
      transaction: () =>
        db().send(
          new TransactWriteCommand({
            TransactItems: [
              deleteMember(target),
              roleCounterChange(entityId, target.entityRoleId, null),
              ...(isSelf ? [] : [checkMemberRole({ entityId, userId: session.userId, entityRoleId: actor.entityRoleId })]),
            ],
          }),
        ),
      guardRefusal: lastHolderRefusal('remove', target.entityRoleId),
      result: target,
    };
  });
  await refreshMembershipInSessions(memberId, entityId, null);
  // An advisor who leaves the company loses the canvas roles families gave them there.
  if (actor.entityTypeId === EntityType.AdvisorCompany) await deleteWorkRelationMembersOfAdvisor(entityId, memberId);
  // Their pending invitations die with their membership (lib/invitations/inviter.ts); their sockets are decided again.
  await Promise.all([revokeInvitationsOfFormerInviter({ entityId, entityTypeId: actor.entityTypeId }, memberId, undefined), liveRightsChanged(memberId)]);
}
