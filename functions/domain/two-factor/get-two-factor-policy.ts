import type { TwoFactorPolicy } from '../../../shared/contracts/mfa';
import { EntityType } from '../../../shared/enums';
import { canSetTwoFactorPolicy } from '../../../shared/permissions';
import { getEntity } from '../../records/entities';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';

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
