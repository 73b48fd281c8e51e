import type { TwoFactorPolicy } from '../../../shared/contracts/mfa';
import { EntityType } from '../../../shared/enums';
import { canSetTwoFactorPolicy, twoFactorPolicyRefusal } from '../../../shared/permissions';
import { listMembersOfEntity } from '../../records/members';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import { getUsers } from '../../records/users';
import type { Session } from '../sessions/session';
import { setRequireTwoFactor } from '../../records/company-policy';
import { closeEntityTo } from './enforce-policy';

/**
 * Turns the policy on or off. Turned on, the members without a second factor lose the
 * company as their sessions' current entity at once (their next request in it answers as
 * without one; opening it again answers TWO_FACTOR_REQUIRED, 93) and are led to set it up
 * at their next sign-in. The owner turning it on without a factor of their own would lock
 * themselves out: refused with 93 as well.
 */
export async function updateTwoFactorPolicy(session: Session, requireTwoFactor: boolean): Promise<TwoFactorPolicy> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('ITEM_NOT_FOUND');
  if (!canSetTwoFactorPolicy(membership)) throw fail('FORBIDDEN');
  const entityId = membership.entityId;
  if (requireTwoFactor) {
    const own = (await getUsers([session.userId])).get(session.userId);
    const refusal = twoFactorPolicyRefusal({ entityTypeId: EntityType.AdvisorCompany, requireTwoFactor: true }, own);
    if (refusal) throw fail(refusal);
  }
  await setRequireTwoFactor(entityId, requireTwoFactor);
  if (requireTwoFactor) {
    const members = (await listMembersOfEntity(entityId)).filter((member) => member.isActive);
    const users = await getUsers(members.map((member) => member.userId));
    const policy = { entityTypeId: EntityType.AdvisorCompany, requireTwoFactor: true };
    const without = members.filter((member) => twoFactorPolicyRefusal(policy, users.get(member.userId)) !== null);
    await Promise.all(without.map((member) => closeEntityTo(member.userId, entityId)));
  }
  return { requireTwoFactor, canChange: true };
}
