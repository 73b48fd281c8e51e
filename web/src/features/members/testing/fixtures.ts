import type { EntityMember } from '../../../../../shared/contracts/members';
import { EntityRole, EntityType, type EntityRoleId } from '../../../../../shared/enums';
import { permissionsForRole, type Membership } from '../../../../../shared/permissions';

export const entityId = 7;
export const me = 'user-me';

export function aMember(overrides: Partial<EntityMember> = {}): EntityMember {
  const firstName = overrides.firstName ?? 'Ada';
  const lastName = overrides.lastName ?? 'Lovelace';
  const id = overrides.id ?? 'user-1';
  return {
    id,
    userId: id,
    firstName,
    lastName,
    prefix: null,
    email: 'ada@example.com',
    phoneNumber: null,
    entityRoleId: EntityRole.FullMember,
    companyPosition: null,
    active: true,
    entityName: 'Lovelace Family',
    streetAddress: null,
    city: null,
    postalCode: null,
    country: null,
    addressType: null,
    memberName: `${firstName} ${lastName}`,
    ...overrides,
  };
}

export function membership(entityRoleId: EntityRoleId): Membership {
  return { entityId, entityTypeId: EntityType.Family, entityRoleId, permissions: permissionsForRole(entityRoleId) };
}
