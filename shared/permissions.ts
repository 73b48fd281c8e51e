import {
  EntityRole,
  EntityType,
  WorkRelationRole,
  type EntityRoleId,
  type EntityTypeId,
  type MemberPermission,
  type WorkRelationPermission,
  type WorkRelationRoleId,
} from './enums';

/**
 * The one policy module (spec 01 §6, spec 02 §6). The server asks it before every read
 * and write; the browser asks the same functions only to hide what cannot be done.
 * Permissions are data: a map from role to its permission set.
 */

/** Permission sets per entity role. The spec names the permissions, not the sets: decided here. */
export const rolePermissions: Record<EntityRoleId, readonly MemberPermission[]> = {
  [EntityRole.Owner]: [
    'InviteMember', 'RevokeMemberInvitation', 'RemoveMemberFromEntity', 'EditMember', 'ReadMember',
    'ReadSensitiveData', 'EditSensitiveData', 'InviteWorkRelation', 'RevokeWorkRelationInvite',
    'RemoveWorkRelation', 'EditEntityInfo', 'CreateCard', 'EditCard', 'DeleteCard', 'ResetCanvas',
    'EditCanvasTitle', 'CreateCanvas', 'ReadCanvas', 'EditCanvas', 'UploadFiles',
  ],
  [EntityRole.Admin]: [
    'InviteMember', 'RevokeMemberInvitation', 'RemoveMemberFromEntity', 'EditMember', 'ReadMember',
    'ReadSensitiveData', 'EditSensitiveData', 'InviteWorkRelation', 'RevokeWorkRelationInvite',
    'RemoveWorkRelation', 'EditEntityInfo', 'CreateCard', 'EditCard', 'DeleteCard', 'ResetCanvas',
    'EditCanvasTitle', 'CreateCanvas', 'ReadCanvas', 'EditCanvas', 'UploadFiles',
  ],
  // Full member: views everything including sensitive data, works on the canvas.
  [EntityRole.FullMember]: ['ReadMember', 'ReadSensitiveData', 'CreateCard', 'EditCard', 'DeleteCard', 'ReadCanvas', 'EditCanvas', 'UploadFiles'],
  // Limited member: views all except sensitive data; no editing in the family canvas.
  [EntityRole.LimitedMember]: ['ReadMember', 'ReadCanvas'],
};

export const roleNames: Record<EntityRoleId, string> = {
  [EntityRole.Owner]: 'Owner',
  [EntityRole.Admin]: 'Admin',
  [EntityRole.FullMember]: 'Full member',
  [EntityRole.LimitedMember]: 'Limited member',
};

export const roleDescriptions: Record<EntityRoleId, string> = {
  [EntityRole.Owner]: 'Full control over the organisation, its members and its data.',
  [EntityRole.Admin]: 'Edits all organisation data except the rights of owners.',
  [EntityRole.FullMember]: 'Views everything, including sensitive data, and works on the canvas.',
  [EntityRole.LimitedMember]: 'Views everything except sensitive data; cannot edit the family canvas.',
};

/** The role invitations and new members get when none is chosen. */
export const defaultEntityRoleId: EntityRoleId = EntityRole.FullMember;

export function permissionsForRole(roleId: EntityRoleId): MemberPermission[] {
  return [...rolePermissions[roleId]];
}

/** Work-relation (canvas access) roles: full 1, limited 2, none 3. */
export const workRelationRolePermissions: Record<WorkRelationRoleId, readonly WorkRelationPermission[]> = {
  [WorkRelationRole.Full]: ['ReadWorkRelationMembers', 'ReadWorkRelationEntityData', 'ReadCanvas', 'EditCanvas', 'UploadFiles'],
  [WorkRelationRole.Limited]: ['ReadWorkRelationMembers', 'ReadWorkRelationEntityData', 'ReadCanvas'],
  [WorkRelationRole.None]: [],
};

export const workRelationRoles: Record<WorkRelationRoleId, { title: string; description: string; isDefault: boolean }> = {
  [WorkRelationRole.Full]: { title: 'Full access', description: 'Views and edits the shared canvas sections.', isDefault: false },
  [WorkRelationRole.Limited]: { title: 'Read access', description: 'Views the shared canvas sections.', isDefault: true },
  [WorkRelationRole.None]: { title: 'No access', description: 'Cannot open the family canvas.', isDefault: false },
};

export function permissionsForWorkRelationRole(roleId: WorkRelationRoleId): WorkRelationPermission[] {
  return [...workRelationRolePermissions[roleId]];
}

/** The caller's membership in the entity they act for. */
export type Membership = {
  entityId: number;
  entityTypeId: EntityTypeId;
  entityRoleId: EntityRoleId;
  permissions: readonly MemberPermission[];
};

/** Owner and admin bypass the named permission checks of spec 01 §6. */
const adminBypass = new Set<MemberPermission>([
  'InviteMember', 'RevokeMemberInvitation', 'InviteWorkRelation', 'RevokeWorkRelationInvite', 'RemoveWorkRelation',
  'EditEntityInfo', 'EditMember', 'RemoveMemberFromEntity', 'ReadSensitiveData', 'EditSensitiveData',
]);

export function isAdmin(membership: Pick<Membership, 'entityRoleId'> | null | undefined): boolean {
  return membership?.entityRoleId === EntityRole.Owner || membership?.entityRoleId === EntityRole.Admin;
}

export function isOwner(membership: Pick<Membership, 'entityRoleId'> | null | undefined): boolean {
  return membership?.entityRoleId === EntityRole.Owner;
}

export function hasPermission(membership: Membership | null | undefined, permission: MemberPermission): boolean {
  if (!membership) return false;
  if (isAdmin(membership) && adminBypass.has(permission)) return true;
  return membership.permissions.includes(permission);
}

/** The named flags of spec 01 §6 and spec 02 §6, for one membership. */
export function memberFlags(membership: Membership | null | undefined) {
  return {
    isAdmin: isAdmin(membership),
    canInviteMembers: hasPermission(membership, 'InviteMember'),
    canRevokeMemberInvitations: hasPermission(membership, 'RevokeMemberInvitation'),
    canEditMembers: hasPermission(membership, 'EditMember'),
    canRemoveMembers: hasPermission(membership, 'RemoveMemberFromEntity'),
    canEditEntity: hasPermission(membership, 'EditEntityInfo'),
    canReadSensitiveData: hasPermission(membership, 'ReadSensitiveData'),
    canEditSensitiveData: hasPermission(membership, 'EditSensitiveData'),
    canManageWorkRelations: hasPermission(membership, 'InviteWorkRelation'),
    canRevokeWorkRelationInvitations: hasPermission(membership, 'RevokeWorkRelationInvite'),
    canRemoveWorkRelations: hasPermission(membership, 'RemoveWorkRelation'),
    // Work-relation members and canvas rights: owner/admin only (spec 01 §6 bypass list).
    canEditCanvasRights: isAdmin(membership),
    canReadWorkRelationMembers: isAdmin(membership) || hasPermission(membership, 'ReadMember'),
    canEditWorkRelationMembers: isAdmin(membership),
  };
}
export type MemberFlags = ReturnType<typeof memberFlags>;

/**
 * Who may change a member's role or remove them (spec 01 §6): the remove/edit
 * permission, only an owner may touch an owner, nobody grants a role above their own.
 * The last owner/admin guard is enforced by the server atomically, not here.
 */
export function canChangeMemberRole(actor: Membership, targetRoleId: EntityRoleId, newRoleId: EntityRoleId): boolean {
  if (!hasPermission(actor, 'EditMember')) return false;
  if (targetRoleId === EntityRole.Owner && !isOwner(actor)) return false;
  return newRoleId >= actor.entityRoleId; // lower id = higher role
}

export function canRemoveMember(actor: Membership, targetRoleId: EntityRoleId): boolean {
  if (!hasPermission(actor, 'RemoveMemberFromEntity')) return false;
  if (targetRoleId === EntityRole.Owner && !isOwner(actor)) return false;
  return true;
}

/** The caller's relation to a canvas: their own family's, or a family's through a work relation. */
export type CanvasAccess =
  | { kind: 'own'; membership: Membership }
  | {
      kind: 'workRelation';
      membership: Membership;
      workRelationRoleId: WorkRelationRoleId;
      workRelationPermissions: readonly WorkRelationPermission[];
      /** Section ids the family shares with the advisor company; empty means all. */
      sharedSectionIds: readonly number[];
    };

export function canReadCanvas(access: CanvasAccess): boolean {
  if (access.kind === 'own') return access.membership.entityTypeId === EntityType.Family;
  if (isAdmin(access.membership)) return true;
  return (
    access.workRelationRoleId !== WorkRelationRole.None &&
    (access.workRelationPermissions.includes('ReadCanvas') || access.workRelationPermissions.includes('EditCanvas'))
  );
}

/** Spec 02 §6 edit canvas: through a work relation owner/admin or EditCanvas; own canvas a family member with EditCanvas. */
export function canEditCanvas(access: CanvasAccess): boolean {
  if (access.kind === 'workRelation') {
    return isAdmin(access.membership) || (access.workRelationRoleId !== WorkRelationRole.None && access.workRelationPermissions.includes('EditCanvas'));
  }
  return access.membership.entityTypeId === EntityType.Family && hasPermission(access.membership, 'EditCanvas');
}

/** Whether a section of the canvas is visible to the caller at all. */
export function canSeeSection(access: CanvasAccess, sectionId: number): boolean {
  if (!canReadCanvas(access)) return false;
  if (access.kind === 'own') return true;
  return access.sharedSectionIds.length === 0 || access.sharedSectionIds.includes(sectionId);
}

/** Delete: the creator always (with edit rights); owner/admin others' items only on their own canvas. */
export function canDeleteCanvasItem(access: CanvasAccess, userId: string, createdByUserId: string): boolean {
  if (!canEditCanvas(access)) return false;
  if (createdByUserId === userId) return true;
  return access.kind === 'own' && isAdmin(access.membership);
}

/** Edit an existing goal or action point: edit rights and one's own item. */
export function canEditCanvasItem(access: CanvasAccess, userId: string, createdByUserId: string): boolean {
  return canEditCanvas(access) && createdByUserId === userId;
}

export function canVote(access: CanvasAccess, userId: string, createdByUserId: string): boolean {
  return canEditCanvas(access) && createdByUserId !== userId;
}

/** Reset: never an advisor entity, only one's own canvas; owner/admin or ResetCanvas. */
export function canResetCanvas(access: CanvasAccess): boolean {
  if (access.kind !== 'own' || access.membership.entityTypeId !== EntityType.Family) return false;
  return isAdmin(access.membership) || access.membership.permissions.includes('ResetCanvas');
}
