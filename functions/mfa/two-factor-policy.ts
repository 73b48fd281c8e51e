import type { TwoFactorPolicy } from '../../shared/contracts/mfa';
import { EntityType } from '../../shared/enums';
import { canSetTwoFactorPolicy, twoFactorPolicyRefusal } from '../../shared/permissions';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { getEntity } from '../domain/organisations/entities';
import { keys } from '../lib/db/keys';
import { listMembersOfEntity } from '../domain/members/members';
import { getUsers } from '../lib/db/users';
import { fail } from '../lib/errors';
import { requireCurrentMembership } from '../domain/members/memberships';
import { closeEntityTo } from '../lib/mfa/enforce';
import type { Session } from '../domain/sessions/session';

/**
 * The advisor company's two-factor policy (docs/product/sessions-and-sign-in.md#company-two-factor-policy), on its current entity. Any member may
 * read it (the settings page shows it); only the owner changes it (canSetTwoFactorPolicy).
 * A family has no such policy: ITEM_NOT_FOUND (4).
 */
export async function getTwoFactorPolicy(session: Session): Promise<TwoFactorPolicy> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('ITEM_NOT_FOUND');
  const entity = await getEntity(membership.entityId);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  return { requireTwoFactor: entity.requireTwoFactor === true, canChange: canSetTwoFactorPolicy(membership) };
}

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
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(entityId),
      UpdateExpression: 'SET requireTwoFactor = :on',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':on': requireTwoFactor },
    }),
  );
  if (requireTwoFactor) {
    const members = (await listMembersOfEntity(entityId)).filter((member) => member.isActive);
    const users = await getUsers(members.map((member) => member.userId));
    const policy = { entityTypeId: EntityType.AdvisorCompany, requireTwoFactor: true };
    const without = members.filter((member) => twoFactorPolicyRefusal(policy, users.get(member.userId)) !== null);
    await Promise.all(without.map((member) => closeEntityTo(member.userId, entityId)));
  }
  return { requireTwoFactor, canChange: true };
}
