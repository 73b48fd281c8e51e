import type { CurrentEntity } from '../../shared/contracts/auth';
import { permissionsForRole, roleNames } from '../../shared/permissions';
import type { EntityItem } from './db/entities';
import type { MemberItem } from './db/members';
import type { Session } from './session';

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

/** An entity as its member sees it (spec 01 §3): the entity plus the member's role and permissions. */
export function toCurrentEntity(entity: EntityItem, member: MemberItem): CurrentEntity {
  return {
    id: entity.id,
    entityName: entity.entityName,
    entityTypeId: entity.entityTypeId,
    canvasName: entity.canvasName ?? null,
    entityRoleId: member.entityRoleId,
    entityRoleName: roleNames[member.entityRoleId],
    entityRolePermissions: permissionsForRole(member.entityRoleId),
    entityMemberId: member.userId,
    entityMemberCompanyPosition: member.companyPosition ?? null,
  };
}
