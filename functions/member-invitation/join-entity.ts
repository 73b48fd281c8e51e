import type { TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { transactItemOf, type Write } from '../lib/db/write';
import { commitJoin, joinEntityWrites, type JoinCondition } from '../domain/invitations/join-entity';
import type { MemberInvitationItem } from '../domain/invitations/member-invitations';
import type { MemberItem } from '../domain/members/members';

// Kept only for functions/auth/sign-up.ts and apply-signup-invitation.ts (part A), which still import this path: delete it when their imports move to functions/domain/.
// The new calls are joinEntityWrites and commitJoin (functions/domain/invitations/join-entity.ts).

const writeOfItem = new WeakMap<TransactWriteItem, Write<JoinCondition>>();

/** The join's writes as items of a transaction, for runJoinTransaction below. */
export function joinEntityItems(invitation: MemberInvitationItem, input: { token: string; userId: string; at: Date }): { items: TransactWriteItem[]; member: MemberItem } {
  const join = joinEntityWrites(invitation, input);
  const items = join.writes.map((write) => {
    const item = transactItemOf(write);
    writeOfItem.set(item, write);
    return item;
  });
  return { items, member: join.member };
}

class AccountConditionFailed extends Error {}

/** commitJoin after the items before `offset` (the account's): a failed condition of those answers a non-empty list. */
export async function runJoinTransaction(items: TransactWriteItem[], offset: number, invitation: MemberInvitationItem, token: string): Promise<string[] | undefined> {
  const writes = items.slice(offset).map((item) => writeOfItem.get(item));
  if (writes.some((write) => !write)) throw new Error('runJoinTransaction takes the items of joinEntityItems after the offset');
  try {
    await commitJoin(invitation, token, { writes: writes as Array<Write<JoinCondition>> }, items.slice(0, offset).map((built) => ({ built, name: 'account' as const })), {
      account: () => new AccountConditionFailed(),
    });
    return undefined;
  } catch (error) {
    if (error instanceof AccountConditionFailed) return ['ConditionalCheckFailed'];
    throw error;
  }
}
