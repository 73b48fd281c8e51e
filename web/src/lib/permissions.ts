import type { EntityRoleId, EntityTypeId, MemberPermission } from '../../../shared/enums';
import { memberFlags, type MemberFlags } from '../../../shared/permissions';

/**
 * What the interface may offer the user in their current entity. The browser asks the
 * same policy the server enforces (shared/permissions.ts), only to hide what cannot be
 * done; the server still checks every call.
 */
export type EntityMembership = {
  id: number;
  entityTypeId: EntityTypeId;
  entityRoleId: EntityRoleId;
  entityRolePermissions: readonly MemberPermission[];
};

export function flagsFor(entity: EntityMembership | null | undefined): MemberFlags {
  if (!entity) return memberFlags(null);
  return memberFlags({
    entityId: entity.id,
    entityTypeId: entity.entityTypeId,
    entityRoleId: entity.entityRoleId,
    permissions: entity.entityRolePermissions,
  });
}
