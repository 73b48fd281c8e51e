import { EntityRole, EntityType, WorkRelationRole } from '../../../../shared/enums';
import { permissionsForRole, permissionsForWorkRelationRole, type CanvasAccess } from '../../../../shared/permissions';

/** For unit tests: a full member of advisor company 9, full work-relation role, shown only `sharedSectionIds`. */
export function sectionAdvisorAccess(sharedSectionIds: number[]): CanvasAccess {
  return {
    kind: 'workRelation',
    membership: {
      entityId: 9,
      entityTypeId: EntityType.AdvisorCompany,
      entityRoleId: EntityRole.FullMember,
      permissions: permissionsForRole(EntityRole.FullMember),
    },
    workRelationRoleId: WorkRelationRole.Full,
    workRelationPermissions: permissionsForWorkRelationRole(WorkRelationRole.Full),
    sharedSectionIds,
  };
}
