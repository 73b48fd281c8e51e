import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType, WorkRelationRole, type EntityRoleId } from './enums';
import {
  canInviteMemberWithRole,
  canChangeMemberRole,
  canDeleteCanvasItem,
  canEditCanvas,
  canReadCanvas,
  canRemoveMember,
  canResetCanvas,
  canSeeSection,
  canVote,
  lastHolderRefusal,
  memberFlags,
  memberRemovalRefusal,
  memberRoleChangeRefusal,
  visibleContactFields,
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

const advisor = (entityRoleId: EntityRoleId, workRelationRoleId: 1 | 2 | 3, sharedSectionIds: number[] = []): CanvasAccess => ({
  kind: 'workRelation',
  membership: member(entityRoleId, EntityType.AdvisorCompany),
  workRelationRoleId,
  workRelationPermissions: permissionsForWorkRelationRole(workRelationRoleId),
  sharedSectionIds,
});

describe('member flags', () => {
  it('gives owners and admins every management flag and limited members none', () => {
    for (const role of [EntityRole.Owner, EntityRole.Admin]) {
      expect(Object.values(memberFlags(member(role))).every(Boolean)).toBe(true);
    }
    const limited = memberFlags(member(EntityRole.LimitedMember));
    expect(limited.canInviteMembers).toBe(false);
    expect(limited.canReadSensitiveData).toBe(false);
    expect(limited.isAdmin).toBe(false);
  });

  it('lets a full member read sensitive data but not manage members', () => {
    const full = memberFlags(member(EntityRole.FullMember));
    expect(full.canReadSensitiveData).toBe(true);
    expect(full.canEditSensitiveData).toBe(false);
    expect(full.canInviteMembers).toBe(false);
    expect(full.canEditMembers).toBe(false);
  });

  it('answers false for no membership', () => {
    expect(Object.values(memberFlags(null)).some(Boolean)).toBe(false);
  });
});

describe('member management', () => {
  it('lets only an owner remove or change an owner', () => {
    expect(canRemoveMember(member(EntityRole.Admin), EntityRole.Owner)).toBe(false);
    expect(canRemoveMember(member(EntityRole.Owner), EntityRole.Owner)).toBe(true);
    expect(canChangeMemberRole(member(EntityRole.Admin), EntityRole.Owner, EntityRole.Admin)).toBe(false);
  });

  it('never lets anyone grant a role above their own', () => {
    expect(canChangeMemberRole(member(EntityRole.Admin), EntityRole.FullMember, EntityRole.Owner)).toBe(false);
    expect(canChangeMemberRole(member(EntityRole.Admin), EntityRole.FullMember, EntityRole.Admin)).toBe(true);
    expect(canChangeMemberRole(member(EntityRole.FullMember), EntityRole.LimitedMember, EntityRole.FullMember)).toBe(false);
  });
});

describe('canvas access', () => {
  it('lets family members read their canvas and only non-limited ones edit it', () => {
    expect(canReadCanvas({ kind: 'own', membership: member(EntityRole.LimitedMember) })).toBe(true);
    expect(canEditCanvas({ kind: 'own', membership: member(EntityRole.LimitedMember) })).toBe(false);
    expect(canEditCanvas({ kind: 'own', membership: member(EntityRole.FullMember) })).toBe(true);
  });

  it('gives an advisor company no canvas of its own', () => {
    expect(canReadCanvas({ kind: 'own', membership: member(EntityRole.Owner, EntityType.AdvisorCompany) })).toBe(false);
  });

  it('follows the work-relation role for advisors', () => {
    expect(canEditCanvas(advisor(EntityRole.FullMember, WorkRelationRole.Full))).toBe(true);
    expect(canEditCanvas(advisor(EntityRole.FullMember, WorkRelationRole.Limited))).toBe(false);
    expect(canReadCanvas(advisor(EntityRole.FullMember, WorkRelationRole.Limited))).toBe(true);
    expect(canReadCanvas(advisor(EntityRole.FullMember, WorkRelationRole.None))).toBe(false);
    expect(canEditCanvas(advisor(EntityRole.Admin, WorkRelationRole.None))).toBe(true);
  });

  it('shows an advisor only the shared sections, all when none are listed', () => {
    expect(canSeeSection(advisor(EntityRole.FullMember, WorkRelationRole.Full, [5]), 5)).toBe(true);
    expect(canSeeSection(advisor(EntityRole.FullMember, WorkRelationRole.Full, [5]), 6)).toBe(false);
    expect(canSeeSection(advisor(EntityRole.FullMember, WorkRelationRole.Full, []), 6)).toBe(true);
  });

  it('lets owners delete others items only on their own canvas', () => {
    expect(canDeleteCanvasItem({ kind: 'own', membership: member(EntityRole.Owner) }, 'me', 'other')).toBe(true);
    expect(canDeleteCanvasItem({ kind: 'own', membership: member(EntityRole.FullMember) }, 'me', 'other')).toBe(false);
    expect(canDeleteCanvasItem(advisor(EntityRole.Owner, WorkRelationRole.Full), 'me', 'other')).toBe(false);
    expect(canDeleteCanvasItem(advisor(EntityRole.FullMember, WorkRelationRole.Full), 'me', 'me')).toBe(true);
  });

  it('forbids voting on one own item', () => {
    const access: CanvasAccess = { kind: 'own', membership: member(EntityRole.FullMember) };
    expect(canVote(access, 'me', 'me')).toBe(false);
    expect(canVote(access, 'me', 'other')).toBe(true);
  });

  it('allows reset only on the own family canvas to owner, admin or ResetCanvas', () => {
    expect(canResetCanvas({ kind: 'own', membership: member(EntityRole.Admin) })).toBe(true);
    expect(canResetCanvas({ kind: 'own', membership: member(EntityRole.FullMember) })).toBe(false);
    expect(canResetCanvas(advisor(EntityRole.Owner, WorkRelationRole.Full))).toBe(false);
  });
});

describe('member management refusals (the codes the server answers)', () => {
  it('answers 8 without the permission, 60 and 62 for a non-owner touching an owner, 8 above one own role', () => {
    expect(memberRoleChangeRefusal(member(EntityRole.FullMember), EntityRole.LimitedMember, EntityRole.LimitedMember)).toBe('FORBIDDEN');
    expect(memberRoleChangeRefusal(member(EntityRole.Admin), EntityRole.Owner, EntityRole.Owner)).toBe('EDIT_OWNER_NOT_ALLOWED');
    expect(memberRoleChangeRefusal(member(EntityRole.Admin), EntityRole.FullMember, EntityRole.Owner)).toBe('FORBIDDEN');
    expect(memberRoleChangeRefusal(member(EntityRole.Owner), EntityRole.Owner, EntityRole.LimitedMember)).toBeNull();
    expect(memberRemovalRefusal(member(EntityRole.LimitedMember), EntityRole.LimitedMember)).toBe('FORBIDDEN');
    expect(memberRemovalRefusal(member(EntityRole.Admin), EntityRole.Owner)).toBe('REMOVE_OWNER_NOT_ALLOWED');
    expect(memberRemovalRefusal(member(EntityRole.Admin), EntityRole.Admin)).toBeNull();
  });

  it('names the last-holder codes 60–63 and none for members', () => {
    expect(lastHolderRefusal('edit', EntityRole.Owner)).toBe('EDIT_OWNER_NOT_ALLOWED');
    expect(lastHolderRefusal('edit', EntityRole.Admin)).toBe('EDIT_ADMIN_NOT_ALLOWED');
    expect(lastHolderRefusal('remove', EntityRole.Owner)).toBe('REMOVE_OWNER_NOT_ALLOWED');
    expect(lastHolderRefusal('remove', EntityRole.Admin)).toBe('REMOVE_ADMIN_NOT_ALLOWED');
    expect(lastHolderRefusal('remove', EntityRole.FullMember)).toBeNull();
  });

  it('lets only inviters invite, never above their own role', () => {
    expect(canInviteMemberWithRole(member(EntityRole.Owner), EntityRole.Owner)).toBe(true);
    expect(canInviteMemberWithRole(member(EntityRole.Admin), EntityRole.Owner)).toBe(false);
    expect(canInviteMemberWithRole(member(EntityRole.Admin), EntityRole.Admin)).toBe(true);
    expect(canInviteMemberWithRole(member(EntityRole.FullMember), EntityRole.LimitedMember)).toBe(false);
    expect(canInviteMemberWithRole(null, EntityRole.LimitedMember)).toBe(false);
  });
});

describe('contact data visibility', () => {
  const everyone = { email: 10, phone: 10, address: 10 } as const;
  it('hides everything from a viewer without ReadSensitiveData, except their own', () => {
    expect(visibleContactFields({ relation: 'directContact', canReadSensitiveData: false, privacy: everyone })).toEqual({
      email: false,
      phone: false,
      address: false,
    });
    expect(visibleContactFields({ relation: 'self', canReadSensitiveData: false, privacy: { email: 1, phone: 1, address: 1 } })).toEqual({
      email: true,
      phone: true,
      address: true,
    });
  });

  it('follows the privacy levels: only me, direct contacts, everyone', () => {
    const privacy = { email: 1, phone: 5, address: 10 } as const;
    expect(visibleContactFields({ relation: 'directContact', canReadSensitiveData: true, privacy })).toEqual({ email: false, phone: true, address: true });
    expect(visibleContactFields({ relation: 'other', canReadSensitiveData: true, privacy })).toEqual({ email: false, phone: false, address: true });
    expect(visibleContactFields({ relation: 'other', canReadSensitiveData: true, privacy: undefined })).toEqual({ email: true, phone: true, address: true });
  });
});
