import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType, WorkRelationRole, type EntityRoleId } from './enums';
import {
  canCreateCanvas,
  canDeleteCanvasItem,
  canDeleteOthersCanvasItems,
  canEditCanvasTitle,
  defaultWorkRelationRoleId,
  permissionsForRole,
  permissionsForWorkRelationRole,
  type CanvasAccess,
  type Membership,
} from './permissions';

const member = (entityRoleId: EntityRoleId, entityTypeId: 1 | 2 = EntityType.Family): Membership => ({
  entityId: 1,
  entityTypeId,
  entityRoleId,
  permissions: permissionsForRole(entityRoleId),
});
const own = (entityRoleId: EntityRoleId): CanvasAccess => ({ kind: 'own', membership: member(entityRoleId) });
const advisor = (entityRoleId: EntityRoleId): CanvasAccess => ({
  kind: 'workRelation',
  membership: member(entityRoleId, EntityType.AdvisorCompany),
  workRelationRoleId: WorkRelationRole.Full,
  workRelationPermissions: permissionsForWorkRelationRole(WorkRelationRole.Full),
  sharedSectionIds: [],
});

describe('canvas policy additions', () => {
  it('lets owners and admins of a family create its canvas, nobody in an advisor company', () => {
    expect(canCreateCanvas(member(EntityRole.Owner))).toBe(true);
    expect(canCreateCanvas(member(EntityRole.Admin))).toBe(true);
    expect(canCreateCanvas(member(EntityRole.FullMember))).toBe(false);
    expect(canCreateCanvas(member(EntityRole.LimitedMember))).toBe(false);
    expect(canCreateCanvas(member(EntityRole.Owner, EntityType.AdvisorCompany))).toBe(false);
    expect(canCreateCanvas({ ...member(EntityRole.FullMember), permissions: ['CreateCanvas'] })).toBe(true);
    expect(canCreateCanvas(null)).toBe(false);
  });

  it('lets the title be edited on the own canvas only, by owner/admin or EditCanvasTitle', () => {
    expect(canEditCanvasTitle(own(EntityRole.Admin))).toBe(true);
    expect(canEditCanvasTitle(own(EntityRole.FullMember))).toBe(false);
    expect(canEditCanvasTitle({ kind: 'own', membership: { ...member(EntityRole.LimitedMember), permissions: ['EditCanvasTitle'] } })).toBe(true);
    expect(canEditCanvasTitle(advisor(EntityRole.Owner))).toBe(false);
  });

  it("lets owners and admins delete others' items on their own canvas, never through a work relation", () => {
    expect(canDeleteOthersCanvasItems(own(EntityRole.Owner))).toBe(true);
    expect(canDeleteOthersCanvasItems(own(EntityRole.FullMember))).toBe(false);
    expect(canDeleteOthersCanvasItems(advisor(EntityRole.Owner))).toBe(false);
    expect(canDeleteCanvasItem(advisor(EntityRole.Owner), 'me', 'me')).toBe(true);
    expect(canDeleteCanvasItem(advisor(EntityRole.Owner), 'me', 'someone')).toBe(false);
  });

  it('gives advisors without a role of their own read access', () => {
    expect(defaultWorkRelationRoleId).toBe(WorkRelationRole.Limited);
  });
});
