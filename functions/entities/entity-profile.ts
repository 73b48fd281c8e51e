import type { EntityProfile } from '../../shared/contracts/entities';
import { hasPermission, type Membership } from '../../shared/permissions';
import { entityAddresses, type EntityItem } from '../lib/db/entities';
import type { MemberItem } from '../lib/db/members';
import { toCurrentEntity } from '../lib/memberships';

/**
 * The whole profile of an entity as one of its members sees it. The entity's e-mail,
 * phone and addresses are sensitive data (a family's address is a home address): null or
 * empty for a member without ReadSensitiveData.
 */
export function toEntityProfile(entity: EntityItem, member: MemberItem, viewer: Membership): EntityProfile {
  const canReadSensitiveData = hasPermission(viewer, 'ReadSensitiveData');
  return {
    ...toCurrentEntity(entity, member),
    domain: entity.domain ?? null,
    vatNumber: entity.vatNumber ?? null,
    email: canReadSensitiveData ? (entity.email ?? null) : null,
    phone: canReadSensitiveData ? (entity.phone ?? null) : null,
    addresses: canReadSensitiveData ? entityAddresses(entity) : [],
  };
}
