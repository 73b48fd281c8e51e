import { TransactWriteCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { db } from '../lib/db/client';
import { roleCounterChange } from '../lib/db/entities';
import { explainMemberInvitationRefusal, markMemberInvitationAccepted, type MemberInvitationItem } from '../lib/db/member-invitations';
import { putNewMember, type MemberItem } from '../lib/db/members';
import { fail, transactionCancellationReasons } from '../lib/errors';
import { hashToken } from '../domain/sessions/session';
import { ChangedMeanwhile, retryWhileChanged } from '../lib/db/retry';

/**
 * Joining an entity through a member invitation, shared by accepting it signed in and by
 * signing up with its token. Three items of one transaction: the invitation marked
 * accepted (only while not accepted, unexpired and still carrying this link), the
 * membership with the invited role (only if there is none), and the entity's role
 * counter. So an invitation is accepted exactly once, and never without its member.
 */
export function joinEntityItems(invitation: MemberInvitationItem, input: { token: string; userId: string; at: Date }): { items: TransactWriteItem[]; member: MemberItem } {
  const at = input.at.toISOString();
  const member: MemberItem = {
    type: 'Member',
    entityId: invitation.entityId,
    entityTypeId: invitation.entityTypeId,
    userId: input.userId,
    entityRoleId: invitation.entityRoleId,
    companyPosition: null,
    isActive: true,
    createdAt: at,
  };
  return {
    items: [
      markMemberInvitationAccepted(invitation, { tokenHash: hashToken(input.token), userId: input.userId, at: input.at }),
      putNewMember({ entityId: member.entityId, entityTypeId: member.entityTypeId, userId: member.userId, entityRoleId: member.entityRoleId, at }),
      roleCounterChange(invitation.entityId, null, invitation.entityRoleId),
    ],
    member,
  };
}

/**
 * Runs a transaction whose items from `offset` on are joinEntityItems, and turns a
 * cancellation into the catalogue code: the invitation accepted meanwhile (32), expired
 * (31), revoked (33) or its link replaced (20); already a member (30); the entity gone (4).
 * Returns the cancellation reasons before `offset` for the caller to explain, or
 * undefined on success.
 */
export async function runJoinTransaction(items: TransactWriteItem[], offset: number, invitation: MemberInvitationItem, token: string): Promise<Array<string | undefined> | undefined> {
  return retryWhileChanged(
    async () => {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: items }));
        return undefined;
      } catch (error) {
        const reasons = transactionCancellationReasons(error);
        if (!reasons) throw error;
        if (reasons.slice(0, offset).some((reason) => reason === 'ConditionalCheckFailed')) return reasons;
        if (reasons[offset] === 'ConditionalCheckFailed') await explainMemberInvitationRefusal(invitation, token);
        if (reasons[offset + 1] === 'ConditionalCheckFailed') throw fail('USER_ALREADY_MEMBER');
        if (reasons[offset + 2] === 'ConditionalCheckFailed') throw fail('ITEM_NOT_FOUND');
        // A concurrent transaction on the same items: try again.
        throw new ChangedMeanwhile();
      }
    },
    { attempts: 3, pauseMs: (attempt) => 20 * attempt, whenExhausted: () => fail('DB_ERROR', { message: 'The invitation could not be accepted; try again.' }) },
  );
}
