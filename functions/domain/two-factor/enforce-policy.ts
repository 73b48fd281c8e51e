import { listMembershipsOfUser } from '../../records/members';
import { getUser } from '../../records/users';
import { liveEntityClosedTo } from '../sockets/revocation';
import { refreshMembershipInSessions } from '../sessions/session';
import { splitByTwoFactorPolicy } from './policy';

/*
 * Enforcing the company two-factor policy when it starts to shut someone out. Apart from
 * policy.ts, which sign-in reads: sign-in needs none of the live channel.
 */

/**
 * A company's policy now shuts a member out (the policy turned on, or the member's last
 * second factor gone): their sessions lose it as current entity (the next request acts
 * without it) and the live sockets they opened as its member close.
 */
export async function closeEntityTo(userId: string, entityId: number): Promise<void> {
  await Promise.all([refreshMembershipInSessions(userId, entityId, null), liveEntityClosedTo(userId, entityId)]);
}

/** After a user lost a second factor (TOTP off, a passkey removed): the companies requiring one close to them if it was the last. */
export async function enforcePolicyAfterFactorRemoved(userId: string): Promise<void> {
  const user = await getUser(userId, { consistent: true });
  if (!user) return;
  const { blocked } = await splitByTwoFactorPolicy(user, await listMembershipsOfUser(userId));
  await Promise.all(blocked.map(({ entity }) => closeEntityTo(userId, entity.id)));
}
