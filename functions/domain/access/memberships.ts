import type { CurrentEntity } from '../../../shared/contracts/auth';
import { entityRoleIds, type EntityRoleId, type MemberPermission } from '../../../shared/enums';
import { hasPermission, permissionsForRole, roleNames, type Membership } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { entityAddresses, type EntityItem } from '../../records/entities';
import type { MemberItem } from '../../records/members';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** The membership a session carries for its current entity: role, type and permissions. */
export function toSessionMembership(member: MemberItem): NonNullable<Session['membership']> {
  return {
    entityId: member.entityId,
    entityTypeId: member.entityTypeId,
    entityRoleId: member.entityRoleId,
    permissions: permissionsForRole(member.entityRoleId),
    memberId: member.userId,
  };
}

/**
 * An entity as its member sees it (docs/product/organisations-and-members.md#fields): every field of the entity plus the member's
 * role and permissions. The entity's e-mail, phone and addresses are sensitive data (a
 * family's address is a home address): null or empty for a member without ReadSensitiveData.
 */
export function toCurrentEntity(entity: EntityItem, member: MemberItem): CurrentEntity {
  const canReadSensitiveData = hasPermission(toSessionMembership(member), 'ReadSensitiveData');
  return {
    id: entity.id,
    entityName: entity.entityName,
    entityTypeId: entity.entityTypeId,
    canvasName: entity.canvasName ?? null,
    domain: entity.domain ?? null,
    vatNumber: entity.vatNumber ?? null,
    email: canReadSensitiveData ? (entity.email ?? null) : null,
    phone: canReadSensitiveData ? (entity.phone ?? null) : null,
    addresses: canReadSensitiveData ? entityAddresses(entity) : [],
    entityRoleId: member.entityRoleId,
    entityRoleName: roleNames[member.entityRoleId],
    entityRolePermissions: permissionsForRole(member.entityRoleId),
    entityMemberId: member.userId,
    entityMemberCompanyPosition: member.companyPosition ?? null,
  };
}

/**
 * The caller's membership in the current entity, for the calls that act on it. A session
 * without a current entity has nothing to see there: ITEM_NOT_FOUND (4).
 */
export function requireCurrentMembership(session: Session): NonNullable<Session['membership']> {
  if (!session.membership) throw fail('ITEM_NOT_FOUND');
  return session.membership;
}

/** Asks the policy (shared/permissions.ts); without the permission: FORBIDDEN (8). */
export function requirePermission(membership: Membership, permission: MemberPermission): void {
  if (!hasPermission(membership, permission)) throw fail('FORBIDDEN');
}

/** A valid entity role id, or INVALID_ENTITY_ROLE (16) naming the field. */
export function requireEntityRoleId(value: number | undefined, field: string): EntityRoleId {
  const found = entityRoleIds.find((id) => id === value);
  if (found === undefined) throw fail('INVALID_ENTITY_ROLE', { errors: { [field]: [messageKeys.invalidInput] } });
  return found;
}
