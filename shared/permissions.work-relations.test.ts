import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType, WorkRelationRole, type EntityRoleId, type EntityTypeId } from './enums';
import {
  canAdvisorViewCanvas,
  canReadRelatedMembers,
  canReadRelatedSensitiveData,
  effectiveWorkRelationRoleId,
  isInviterStillEntitled,
  isWorkRelationAccessOpen,
  noteRefusal,
  permissionsForRole,
  relationPermissions,
  workRelationAcceptRefusal,
  workRelationEndRefusal,
  workRelationInvitationRefusal,
  workRelationRightsRefusal,
  type Membership,
} from './permissions';

const member = (entityRoleId: EntityRoleId, entityTypeId: EntityTypeId = EntityType.Family): Membership => ({
  entityId: 1,
  entityTypeId,
  entityRoleId,
  permissions: permissionsForRole(entityRoleId),
});
const advisor = (entityRoleId: EntityRoleId) => member(entityRoleId, EntityType.AdvisorCompany);

describe('work-relation invitations', () => {
  it('are managed by the inviting side only: advisor companies invite families, families invite advisors', () => {
    expect(workRelationInvitationRefusal(advisor(EntityRole.Admin), 'family', 'invite')).toBeNull();
    expect(workRelationInvitationRefusal(member(EntityRole.Owner), 'family', 'invite')).toBe('FORBIDDEN');
    expect(workRelationInvitationRefusal(member(EntityRole.Owner), 'advisor', 'revoke')).toBeNull();
    expect(workRelationInvitationRefusal(advisor(EntityRole.Owner), 'advisor', 'list')).toBe('FORBIDDEN');
    expect(workRelationInvitationRefusal(null, 'family', 'list')).toBe('FORBIDDEN');
  });

  it('need InviteWorkRelation or RevokeWorkRelationInvite, which full and limited members lack', () => {
    for (const role of [EntityRole.FullMember, EntityRole.LimitedMember]) {
      for (const action of ['invite', 'revoke', 'list'] as const) expect(workRelationInvitationRefusal(member(role), 'advisor', action)).toBe('FORBIDDEN');
    }
    const inviter: Membership = { ...member(EntityRole.FullMember), permissions: ['InviteWorkRelation'] };
    expect(workRelationInvitationRefusal(inviter, 'advisor', 'invite')).toBeNull();
    expect(workRelationInvitationRefusal(inviter, 'advisor', 'list')).toBeNull();
    expect(workRelationInvitationRefusal(inviter, 'advisor', 'revoke')).toBe('FORBIDDEN');
  });

  it('are accepted for an entity of the invited type by its owner or admin', () => {
    expect(workRelationAcceptRefusal(member(EntityRole.Owner), 'family')).toBeNull();
    expect(workRelationAcceptRefusal(advisor(EntityRole.Admin), 'advisor')).toBeNull();
    expect(workRelationAcceptRefusal(advisor(EntityRole.Owner), 'family')).toBe('INCORRECT_ENTITY_TYPE_INPUT');
    expect(workRelationAcceptRefusal(member(EntityRole.FullMember), 'family')).toBe('FORBIDDEN');
    expect(workRelationAcceptRefusal(undefined, 'advisor')).toBe('FORBIDDEN');
  });
});

describe('advisor roles and canvas', () => {
  it('gives company owners and admins full access, others their role or the default', () => {
    expect(effectiveWorkRelationRoleId(advisor(EntityRole.Owner), WorkRelationRole.None)).toBe(WorkRelationRole.Full);
    expect(effectiveWorkRelationRoleId(advisor(EntityRole.FullMember), WorkRelationRole.None)).toBe(WorkRelationRole.None);
    expect(effectiveWorkRelationRoleId(advisor(EntityRole.LimitedMember), undefined)).toBe(WorkRelationRole.Limited);
  });

  it('opens the canvas for read and full roles, never for none', () => {
    expect(canAdvisorViewCanvas(advisor(EntityRole.FullMember), WorkRelationRole.Limited)).toBe(true);
    expect(canAdvisorViewCanvas(advisor(EntityRole.FullMember), WorkRelationRole.None)).toBe(false);
    expect(canAdvisorViewCanvas(advisor(EntityRole.Admin), WorkRelationRole.None)).toBe(true);
  });

  it('lets only the family owner or admin set advisor roles and shared sections', () => {
    expect(workRelationRightsRefusal(member(EntityRole.Admin), 'members')).toBeNull();
    expect(workRelationRightsRefusal(member(EntityRole.Owner), 'canvasRights')).toBeNull();
    expect(workRelationRightsRefusal(member(EntityRole.FullMember), 'canvasRights')).toBe('FORBIDDEN');
    expect(workRelationRightsRefusal(advisor(EntityRole.Owner), 'members')).toBe('FORBIDDEN');
  });
});

describe('relation permissions', () => {
  it("give an advisor their role's permissions, sensitive ones only with ReadSensitiveData at home", () => {
    const full = relationPermissions({ kind: 'familyOfAdvisor', membership: advisor(EntityRole.FullMember), workRelationRoleId: WorkRelationRole.Full });
    expect(full).toEqual(expect.arrayContaining(['ReadCanvas', 'EditCanvas', 'ReadWorkRelationSensitiveData']));
    const limitedAtHome = relationPermissions({
      kind: 'familyOfAdvisor',
      membership: advisor(EntityRole.LimitedMember),
      workRelationRoleId: WorkRelationRole.Full,
    });
    expect(limitedAtHome).not.toContain('ReadWorkRelationSensitiveData');
    expect(relationPermissions({ kind: 'familyOfAdvisor', membership: advisor(EntityRole.FullMember), workRelationRoleId: WorkRelationRole.None })).toEqual([]);
  });

  it('give the family side what its entity role allows', () => {
    const owner = relationPermissions({ kind: 'advisorOfFamily', membership: member(EntityRole.Owner) });
    expect(owner).toEqual(
      expect.arrayContaining(['EditWorkRelationMembers', 'EditCanvasRights', 'ReadWorkRelationSensitiveData', 'EditWorkRelationSensitiveData']),
    );
    const limited = relationPermissions({ kind: 'advisorOfFamily', membership: member(EntityRole.LimitedMember) });
    expect(limited).toEqual(['ReadWorkRelationEntityData', 'ReadWorkRelationMembers']);
    expect(canReadRelatedSensitiveData({ kind: 'advisorOfFamily', membership: member(EntityRole.LimitedMember) })).toBe(false);
  });

  it('let an advisor see another company of the same family only by name and owners', () => {
    const view = { kind: 'viaFamily' as const, membership: advisor(EntityRole.Owner), familyId: 9, workRelationRoleId: WorkRelationRole.Full };
    expect(relationPermissions(view)).toEqual(['ReadWorkRelationEntityData']);
    expect(canReadRelatedSensitiveData(view)).toBe(false);
    expect(canReadRelatedMembers(view)).toBe(true);
    expect(canReadRelatedMembers({ ...view, workRelationRoleId: WorkRelationRole.None })).toBe(false);
  });

  it('keep private notes to those with the sensitive-data permissions', () => {
    expect(noteRefusal(member(EntityRole.FullMember), 'read')).toBeNull();
    expect(noteRefusal(member(EntityRole.FullMember), 'edit')).toBe('FORBIDDEN');
    expect(noteRefusal(member(EntityRole.LimitedMember), 'read')).toBe('FORBIDDEN');
    expect(noteRefusal(advisor(EntityRole.Admin), 'edit')).toBeNull();
  });
});

describe('ending a work relation', () => {
  it('is for owners, admins and RemoveWorkRelation on either side', () => {
    for (const role of [EntityRole.Owner, EntityRole.Admin]) {
      expect(workRelationEndRefusal(member(role))).toBeNull();
      expect(workRelationEndRefusal(advisor(role))).toBeNull();
    }
    for (const role of [EntityRole.FullMember, EntityRole.LimitedMember]) {
      expect(workRelationEndRefusal(member(role))).toBe('FORBIDDEN');
      expect(workRelationEndRefusal(advisor(role))).toBe('FORBIDDEN');
    }
    expect(workRelationEndRefusal({ ...member(EntityRole.FullMember), permissions: ['RemoveWorkRelation'] })).toBeNull();
    expect(workRelationEndRefusal(null)).toBe('FORBIDDEN');
  });
});

describe('time-boxed access', () => {
  it('runs through its last day (inclusive) and ends the next; no date never ends', () => {
    expect(isWorkRelationAccessOpen('2026-06-30', '2026-06-30')).toBe(true);
    expect(isWorkRelationAccessOpen('2026-06-30', '2026-07-01')).toBe(false);
    expect(isWorkRelationAccessOpen(null, '2999-01-01')).toBe(true);
    expect(isWorkRelationAccessOpen(undefined, '2999-01-01')).toBe(true);
  });
});

describe('the inviter rule', () => {
  it('counts an invitation only while its sender is active and may still send it', () => {
    const admin = { ...member(EntityRole.Admin), isActive: true };
    expect(isInviterStillEntitled(admin, { kind: 'member', entityRoleId: EntityRole.Admin })).toBe(true);
    expect(isInviterStillEntitled(admin, { kind: 'member', entityRoleId: EntityRole.Owner })).toBe(false);
    expect(isInviterStillEntitled(admin, { kind: 'advisor' })).toBe(true);
    expect(isInviterStillEntitled(admin, { kind: 'family' })).toBe(false);
    expect(isInviterStillEntitled({ ...admin, isActive: false }, { kind: 'advisor' })).toBe(false);
    expect(isInviterStillEntitled(member(EntityRole.FullMember), { kind: 'member', entityRoleId: EntityRole.LimitedMember })).toBe(false);
    expect(isInviterStillEntitled(null, { kind: 'advisor' })).toBe(false);
  });
});
