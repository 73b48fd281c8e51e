import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType, WorkRelationRole, type EntityRoleId, type EntityTypeId } from '../../../shared/enums';
import { permissionsForRole } from '../../../shared/permissions';
import type { WorkRelationItem } from '../../records/work-relations';
import type { WorkRelationMemberItem } from '../../records/work-relation-members';
import { resolveCanvasAccess } from './decide';

const session = (entityId: number, entityTypeId: EntityTypeId, entityRoleId: EntityRoleId = EntityRole.FullMember) => ({
  userId: 'u1',
  membership: { entityId, entityTypeId, entityRoleId, permissions: permissionsForRole(entityRoleId), memberId: 'u1' },
});

const relations = (shared: number[] = [], role?: 1 | 2 | 3) => ({
  workRelations: new Map<number, WorkRelationItem>([[9, { type: 'WorkRelation', familyId: 5, advisorId: 9, sharedSectionIds: shared, createdAt: '' }]]),
  workRelationMembers: new Map<string, WorkRelationMemberItem>(
    role ? [['9#u1', { type: 'WorkRelationMember', familyId: 5, advisorId: 9, userId: 'u1', workRelationRoleId: role, updatedAt: '' }]] : [],
  ),
});

describe('canvas access', () => {
  it('is own for a member of the family, nothing for a member of another family', () => {
    expect(resolveCanvasAccess(session(5, EntityType.Family), 5, relations())?.kind).toBe('own');
    expect(resolveCanvasAccess(session(6, EntityType.Family), 5, relations())).toBeNull();
    expect(resolveCanvasAccess({ userId: 'u1', membership: null }, 5, relations())).toBeNull();
  });

  it('goes through the work relation of the advisor company, with the shared sections', () => {
    const access = resolveCanvasAccess(session(9, EntityType.AdvisorCompany), 5, relations([5001], WorkRelationRole.Full));
    expect(access).toMatchObject({ kind: 'workRelation', workRelationRoleId: 1, sharedSectionIds: [5001] });
    expect(access?.kind === 'workRelation' && access.workRelationPermissions).toContain('EditCanvas');
    expect(resolveCanvasAccess(session(8, EntityType.AdvisorCompany), 5, relations())).toBeNull();
  });

  it('uses the default role without a role of their own, and full access for owners and admins', () => {
    expect(resolveCanvasAccess(session(9, EntityType.AdvisorCompany), 5, relations())).toMatchObject({ workRelationRoleId: WorkRelationRole.Limited });
    expect(resolveCanvasAccess(session(9, EntityType.AdvisorCompany, EntityRole.Admin), 5, relations([], WorkRelationRole.None))).toMatchObject({
      workRelationRoleId: WorkRelationRole.Full,
    });
  });
});
