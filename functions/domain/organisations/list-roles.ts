import type { MemberRolesResponse, WorkRelationRolesResponse } from '../../../shared/contracts/members';
import { entityRoleIds, workRelationRoleIds } from '../../../shared/enums';
import {
  defaultEntityRoleId,
  permissionsForRole,
  permissionsForWorkRelationRole,
  roleDescriptions,
  roleNames,
  workRelationRoles,
} from '../../../shared/permissions';

/** The entity roles with their names and permission sets, straight from the policy module. */
export function listMemberRoles(): MemberRolesResponse {
  return entityRoleIds.map((id) => ({
    id,
    name: roleNames[id],
    description: roleDescriptions[id],
    isDefault: id === defaultEntityRoleId,
    permissions: permissionsForRole(id),
  }));
}

/** The work-relation (canvas access) roles with their permission sets, from the policy module. */
export function listWorkRelationRoles(): WorkRelationRolesResponse {
  return workRelationRoleIds.map((id) => ({ id, ...workRelationRoles[id], permissions: permissionsForWorkRelationRole(id) }));
}
