import { retryWhileChanged, ConditionFailed, transactWrites, type Write } from '../../lib/db/table';
import { fail } from '../../lib/errors';
import { newMemberWrite, type MemberItem } from '../../records/members';
import { roleCounterChange } from '../../records/entities';
import { hashToken } from '../../lib/secret-tokens';
import { explainMemberInvitationRefusal, markMemberInvitationAccepted, type MemberInvitationItem } from '../../records/invitations';

/** The conditions of joining: the invitation still open with this link, no membership yet, the entity there. */
export type JoinCondition = 'invitation' | 'member' | 'entity';

export type Join = { writes: Array<Write<JoinCondition>>; member: MemberItem };

/**
 * Joining an entity through a member invitation, shared by accepting it signed in and by
 * signing up with its token. Three writes of one transaction: the invitation marked
 * accepted (only while not accepted, unexpired and still carrying this link), the
 * membership with the invited role (only if there is none), and the entity's role
 * counter. So an invitation is accepted exactly once, and never without its member.
 */
export function joinEntityWrites(invitation: MemberInvitationItem, input: { token: string; userId: string; at: Date }): Join {
  const { write, member } = newMemberWrite({
    entityId: invitation.entityId,
    entityTypeId: invitation.entityTypeId,
    userId: input.userId,
    entityRoleId: invitation.entityRoleId,
    at: input.at.toISOString(),
  });
  return {
    writes: [
      markMemberInvitationAccepted(invitation, { tokenHash: hashToken(input.token), userId: input.userId, at: input.at }, 'invitation'),
      { ...write, name: 'member' },
      roleCounterChange(invitation.entityId, null, invitation.entityRoleId, 'entity'),
    ],
    member,
  };
}

/**
 * Commits a join in one transaction, after `alongside` (signup's account writes, whose
 * failed conditions answer `outcomes` and go first): the invitation accepted meanwhile
 * (32), expired (31), revoked (33) or its link replaced (20); already a member (30); the
 * entity gone (4). A concurrent transaction on the same items: tried again.
 */
export async function commitJoin<Other extends string = never>(
  invitation: MemberInvitationItem,
  token: string,
  join: Pick<Join, 'writes'>,
  alongside: ReadonlyArray<Write<Other>> = [],
  outcomes: Partial<Record<Other, () => Error>> = {},
): Promise<void> {
  await retryWhileChanged(
    async () => {
      try {
        await transactWrites<JoinCondition | Other>([...alongside, ...join.writes], {
          ...outcomes,
          member: () => fail('USER_ALREADY_MEMBER'),
          entity: () => fail('ITEM_NOT_FOUND'),
        } as Partial<Record<JoinCondition | Other, () => Error>>);
      } catch (error) {
        if (error instanceof ConditionFailed && error.condition === 'invitation') await explainMemberInvitationRefusal(invitation, token);
        throw error;
      }
    },
    { attempts: 3, pauseMs: (attempt) => 20 * attempt },
  );
}
