import type { EntityAddressRequest, EntityAddressResponse } from '../../../shared/contracts/entities';
import { saveEntityAddress as storeEntityAddress } from '../../records/entities';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * Adds (no id) or replaces (id) the current entity's shipping or billing address:
 * EditEntityInfo (owner and admin always). One address per type; adding a second of a
 * type answers ITEM_FOUND (9); an unknown id ITEM_NOT_FOUND (4).
 */
export async function saveEntityAddress(session: Session, input: EntityAddressRequest, addressId?: string): Promise<EntityAddressResponse> {
  const membership = requireCurrentMembership(session);
  requirePermission(membership, 'EditEntityInfo');
  return storeEntityAddress(membership.entityId, input, addressId);
}
