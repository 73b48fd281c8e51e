import type { PrivacySettings } from './contracts/auth';
import {
  EntityRole,
  memberPermissions,
  EntityType,
  PrivacyLevel,
  WorkRelationRole,
  workRelationRoleIds,
  type EntityRoleId,
  type EntityTypeId,
  type MemberPermission,
  type WorkRelationPermission,
  type WorkRelationRoleId,
} from './enums';
import type { ErrorName } from './errors';

/**
 * The one policy module (docs/product/organisations-and-members.md#permissions, docs/product/canvas.md#permissions). The server asks it before every read
 * and write; the browser asks the same functions only to hide what cannot be done.
 * Permissions are data: a map from role to its permission set.
 */

/** Permission sets per entity role. The spec names the permissions, not the sets: decided here. */
export const rolePermissions: Record<EntityRoleId, readonly MemberPermission[]> = {
  // Owner and admin: every permission there is.
  [EntityRole.Owner]: memberPermissions,
  [EntityRole.Admin]: memberPermissions,
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
  // Full access also reads the family's contact data (with ReadSensitiveData in the own company, see relationPermissions).
  [WorkRelationRole.Full]: [
    'ReadWorkRelationMembers',
    'ReadWorkRelationSensitiveData',
    'ReadWorkRelationEntityData',
    'ReadCanvas',
    'EditCanvas',
    'UploadFiles',
  ],
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

/** The canvas role of an advisor whose company has access but who was given no role of their own. */
export const defaultWorkRelationRoleId: WorkRelationRoleId =
  workRelationRoleIds.find((roleId) => workRelationRoles[roleId].isDefault) ?? WorkRelationRole.Limited;

/** The caller's membership in the entity they act for. */
export type Membership = {
  entityId: number;
  entityTypeId: EntityTypeId;
  entityRoleId: EntityRoleId;
  permissions: readonly MemberPermission[];
};

/** Owner and admin bypass the named permission checks of docs/product/organisations-and-members.md#permissions. */
const adminBypass = new Set<MemberPermission>([
  'InviteMember',
  'RevokeMemberInvitation',
  'InviteWorkRelation',
  'RevokeWorkRelationInvite',
  'RemoveWorkRelation',
  'EditEntityInfo',
  'EditMember',
  'RemoveMemberFromEntity',
  'ReadSensitiveData',
  'EditSensitiveData',
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

/** The named flags of docs/product/organisations-and-members.md#permissions and docs/product/canvas.md#permissions, for one membership. */
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
    // Work-relation members and canvas rights: owner/admin only (docs/product/organisations-and-members.md#permissions bypass list).
    canEditCanvasRights: isAdmin(membership),
    canReadWorkRelationMembers: isAdmin(membership) || hasPermission(membership, 'ReadMember'),
    canEditWorkRelationMembers: isAdmin(membership),
  };
}
export type MemberFlags = ReturnType<typeof memberFlags>;

/** Why a member change is refused: no permission (8), or an owner touched by a non-owner (60, 62). */
export type MemberChangeRefusal = Extract<ErrorName, 'FORBIDDEN' | 'EDIT_OWNER_NOT_ALLOWED' | 'REMOVE_OWNER_NOT_ALLOWED'>;

/**
 * Who may change a member's role or position (docs/product/organisations-and-members.md#permissions): EditMember (owner/admin
 * bypass); only an owner may touch an owner (EDIT_OWNER_NOT_ALLOWED, 60); nobody grants a
 * role above their own (FORBIDDEN). null when allowed. The last owner/admin guard is
 * enforced by the server atomically, not here (see lastHolderRefusal).
 */
export function memberRoleChangeRefusal(actor: Membership, targetRoleId: EntityRoleId, newRoleId: EntityRoleId): MemberChangeRefusal | null {
  if (!hasPermission(actor, 'EditMember')) return 'FORBIDDEN';
  if (targetRoleId === EntityRole.Owner && !isOwner(actor)) return 'EDIT_OWNER_NOT_ALLOWED';
  if (newRoleId < actor.entityRoleId) return 'FORBIDDEN'; // lower id = higher role
  return null;
}

/** Who may remove a member: RemoveMemberFromEntity (owner/admin bypass); only an owner removes an owner (62). */
export function memberRemovalRefusal(actor: Membership, targetRoleId: EntityRoleId): MemberChangeRefusal | null {
  if (!hasPermission(actor, 'RemoveMemberFromEntity')) return 'FORBIDDEN';
  if (targetRoleId === EntityRole.Owner && !isOwner(actor)) return 'REMOVE_OWNER_NOT_ALLOWED';
  return null;
}

export function canChangeMemberRole(actor: Membership, targetRoleId: EntityRoleId, newRoleId: EntityRoleId): boolean {
  return memberRoleChangeRefusal(actor, targetRoleId, newRoleId) === null;
}

export function canRemoveMember(actor: Membership, targetRoleId: EntityRoleId): boolean {
  return memberRemovalRefusal(actor, targetRoleId) === null;
}

/** Roles an entity must always keep one holder of, once it has one (docs/product/organisations-and-members.md#permissions, docs/product/limits.md#organisations-limits). */
export function isGuardedRole(roleId: EntityRoleId): boolean {
  return roleId === EntityRole.Owner || roleId === EntityRole.Admin;
}

/**
 * The code the server answers when the last holder of a guarded role would lose it:
 * changing the last owner 60, the last admin 61; removing the last owner 62, the last
 * admin 63. null for roles without the guard.
 */
export function lastHolderRefusal(action: 'edit' | 'remove', fromRoleId: EntityRoleId): ErrorName | null {
  if (fromRoleId === EntityRole.Owner) return action === 'edit' ? 'EDIT_OWNER_NOT_ALLOWED' : 'REMOVE_OWNER_NOT_ALLOWED';
  if (fromRoleId === EntityRole.Admin) return action === 'edit' ? 'EDIT_ADMIN_NOT_ALLOWED' : 'REMOVE_ADMIN_NOT_ALLOWED';
  return null;
}

/** Inviting (and re-inviting) members: InviteMember, and never with a role above one's own. */
export function canInviteMemberWithRole(actor: Membership | null | undefined, roleId: EntityRoleId): boolean {
  return Boolean(actor) && hasPermission(actor, 'InviteMember') && roleId >= (actor as Membership).entityRoleId;
}

/**
 * How the viewer relates to a person whose contact data they look at: the person
 * themselves, someone in one of the person's entities (a direct contact), or anyone else
 * who may see the person at all (e.g. an advisor through a work relation).
 */
export type ContactRelation = 'self' | 'directContact' | 'other';

/**
 * Which contact fields of a person a viewer sees (docs/product/accounts.md#fields privacy settings, docs/product/organisations-and-members.md#permissions
 * sensitive data): always one's own; otherwise only with the permission to read
 * sensitive data, and only where the person's privacy level reaches the viewer
 * (OnlyMe: nobody else; DirectContacts: direct contacts; Everyone: everyone who may see them).
 */
export function visibleContactFields(input: { relation: ContactRelation; canReadSensitiveData: boolean; privacy: PrivacySettings | undefined }) {
  const reaches = (level: number | undefined) => {
    if (input.relation === 'self') return true;
    if (!input.canReadSensitiveData) return false;
    const effective = level ?? PrivacyLevel.Everyone;
    if (effective === PrivacyLevel.Everyone) return true;
    return effective === PrivacyLevel.DirectContacts && input.relation === 'directContact';
  };
  return { email: reaches(input.privacy?.email), phone: reaches(input.privacy?.phone), address: reaches(input.privacy?.address) };
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

/** docs/product/canvas.md#permissions edit canvas: through a work relation owner/admin or EditCanvas; own canvas a family member with EditCanvas. */
export function canEditCanvas(access: CanvasAccess): boolean {
  if (access.kind === 'workRelation') {
    return isAdmin(access.membership) || (access.workRelationRoleId !== WorkRelationRole.None && access.workRelationPermissions.includes('EditCanvas'));
  }
  return access.membership.entityTypeId === EntityType.Family && hasPermission(access.membership, 'EditCanvas');
}

/**
 * The plan book (a PDF of the canvas): whoever may read the canvas may take it away on paper,
 * with exactly the sections they see (canSeeSection). An advisor's export is written to the
 * family's advisor access log.
 */
export function canExportPlanBook(access: CanvasAccess): boolean {
  return canReadCanvas(access);
}

/**
 * Privacy between advisory firms. A reader through a work relation sees the family and
 * their own company; the other companies a family works with, and their people, are the
 * family's business. A family may choose to show advisors which companies work with it
 * (the canvas's `advisorCompaniesVisibleToAdvisors`, set by its owners and admins: only
 * the companies' names in the canvas header and pages); their people stay hidden.
 */
export function isOtherAdvisorCompany(access: CanvasAccess, entity: { entityId: number; entityTypeId: number }): boolean {
  return access.kind === 'workRelation' && entity.entityTypeId === EntityType.AdvisorCompany && entity.entityId !== access.membership.entityId;
}

/** Whether the caller may see that an advisor company works with the family (the chips of the canvas header and pages). */
export function canSeeAdvisorCompany(access: CanvasAccess, advisorId: number, familyShowsCompanies: boolean): boolean {
  return access.kind === 'own' || familyShowsCompanies || advisorId === access.membership.entityId;
}

/** Who may choose whether advisors see the other companies: the family's owners and admins, on their own canvas. */
export function canChooseAdvisorCompanyVisibility(access: CanvasAccess): boolean {
  return access.kind === 'own' && access.membership.entityTypeId === EntityType.Family && isAdmin(access.membership);
}

/** Whether a section of the canvas is visible to the caller at all. */
export function canSeeSection(access: CanvasAccess, sectionId: number): boolean {
  if (!canReadCanvas(access)) return false;
  if (access.kind === 'own') return true;
  return access.sharedSectionIds.length === 0 || access.sharedSectionIds.includes(sectionId);
}

/**
 * Whether the caller sees the whole canvas: a family on its own canvas, or an advisor whose
 * company the family shares every section with. Only they see what belongs to no section
 * (the canvas title, shares, advisors, a reset) in the history and the live channel.
 */
export function canSeeWholeCanvas(access: CanvasAccess): boolean {
  if (!canReadCanvas(access)) return false;
  return access.kind === 'own' || access.sharedSectionIds.length === 0;
}

/**
 * The one visibility rule of everything that leaves the server about a canvas change (a
 * history event, a live message, a digest line): its section must be visible to the
 * caller; a change without a section needs the whole canvas.
 */
export function canSeeCanvasChange(access: CanvasAccess, sectionId: number | null): boolean {
  return sectionId === null ? canSeeWholeCanvas(access) : canSeeSection(access, sectionId);
}

/**
 * Revert a history event: its actor while they may still edit the canvas, or an owner or
 * admin of the family on its own canvas, for any event of it.
 */
export function canRevertCanvasChange(access: CanvasAccess, userId: string, actorUserId: string): boolean {
  if (access.kind === 'own' && isAdmin(access.membership)) return true;
  return actorUserId === userId && canEditCanvas(access);
}

/** Read the advisor access log of a family (or of an advisor company's own members): owners, admins or ReadSensitiveData. */
export function canReadAccessLog(membership: Membership | null | undefined): boolean {
  return isAdmin(membership) || hasPermission(membership, 'ReadSensitiveData');
}

/** Delete: the creator always (with edit rights); owner/admin others' items only on their own canvas. */
export function canDeleteCanvasItem(access: CanvasAccess, userId: string, createdByUserId: string): boolean {
  if (!canEditCanvas(access)) return false;
  if (createdByUserId === userId) return true;
  return canDeleteOthersCanvasItems(access);
}

/** Edit an existing goal or action point: edit rights and one's own item. */
export function canEditCanvasItem(access: CanvasAccess, userId: string, createdByUserId: string): boolean {
  return canEditCanvas(access) && createdByUserId === userId;
}

/**
 * "Restore this version" of an item: whoever may edit that item now (a takeaway: edit
 * rights; a goal, action point or answer: its creator with edit rights), and, as for a
 * revert, the family's owners and admins on their own canvas.
 */
export function canRestoreCanvasItem(
  access: CanvasAccess,
  userId: string,
  item: { kind: 'answer' | 'takeaway' | 'goal' | 'actionPoint'; createdByUserId: string },
): boolean {
  if (access.kind === 'own' && isAdmin(access.membership)) return true;
  return item.kind === 'takeaway' ? canEditCanvas(access) : canEditCanvasItem(access, userId, item.createdByUserId);
}

export function canVote(access: CanvasAccess, userId: string, createdByUserId: string): boolean {
  return canEditCanvas(access) && createdByUserId !== userId;
}

/** Create the family's canvas: the current entity is a family; owner/admin or CreateCanvas. */
export function canCreateCanvas(membership: Membership | null | undefined): boolean {
  if (!membership || membership.entityTypeId !== EntityType.Family) return false;
  return isAdmin(membership) || membership.permissions.includes('CreateCanvas');
}

/** Rename the canvas: only the family's own; owner/admin or EditCanvasTitle. */
export function canEditCanvasTitle(access: CanvasAccess): boolean {
  if (access.kind !== 'own' || access.membership.entityTypeId !== EntityType.Family) return false;
  return isAdmin(access.membership) || access.membership.permissions.includes('EditCanvasTitle');
}

/** Owner or admin on their own entity's canvas may delete items others created (never through a work relation). */
export function canDeleteOthersCanvasItems(access: CanvasAccess): boolean {
  return access.kind === 'own' && canEditCanvas(access) && isAdmin(access.membership);
}

/** Reset: never an advisor entity, only one's own canvas; owner/admin or ResetCanvas. */
export function canResetCanvas(access: CanvasAccess): boolean {
  if (access.kind !== 'own' || access.membership.entityTypeId !== EntityType.Family) return false;
  return isAdmin(access.membership) || access.membership.permissions.includes('ResetCanvas');
}

// ---- work relations (docs/product/invitations.md#permissions, docs/product/work-relations.md#calls and Invitations) ---------------------

/**
 * An advisor's canvas role for one family: an owner or admin of the advisor company
 * always counts as full access; anybody else has the role the family gave them, or the
 * default role when none was given.
 */
export function effectiveWorkRelationRoleId(advisor: Pick<Membership, 'entityRoleId'>, storedRoleId: WorkRelationRoleId | undefined): WorkRelationRoleId {
  if (isAdmin(advisor)) return WorkRelationRole.Full;
  return storedRoleId ?? defaultWorkRelationRoleId;
}

/** The two kinds of work-relation invitation: an advisor company invites a family, or a family invites an advisor company. */
export type WorkRelationInvitationKind = 'family' | 'advisor';

/** Which entity type sends an invitation of a kind, and which type accepts it. */
export const workRelationInvitationSides: Record<WorkRelationInvitationKind, { inviter: EntityTypeId; invitee: EntityTypeId }> = {
  family: { inviter: EntityType.AdvisorCompany, invitee: EntityType.Family },
  advisor: { inviter: EntityType.Family, invitee: EntityType.AdvisorCompany },
};

/**
 * Who may manage work-relation invitations of a kind for their current entity: the entity
 * is the inviting side, and the member has InviteWorkRelation (create, send, resend, list)
 * or RevokeWorkRelationInvite (cancel, list) — owner and admin always. null when allowed.
 */
export function workRelationInvitationRefusal(
  membership: Membership | null | undefined,
  kind: WorkRelationInvitationKind,
  action: 'invite' | 'revoke' | 'list',
): 'FORBIDDEN' | null {
  if (!membership || membership.entityTypeId !== workRelationInvitationSides[kind].inviter) return 'FORBIDDEN';
  const mayInvite = hasPermission(membership, 'InviteWorkRelation');
  const mayRevoke = hasPermission(membership, 'RevokeWorkRelationInvite');
  if (action === 'invite') return mayInvite ? null : 'FORBIDDEN';
  if (action === 'revoke') return mayRevoke ? null : 'FORBIDDEN';
  return mayInvite || mayRevoke ? null : 'FORBIDDEN';
}

/**
 * Who may end a work relation (DELETE /api/work-relation/{entityId}): either side may, the
 * family ending its relation with an advisor company or the advisor company leaving the
 * family; on each side its owners, admins and holders of RemoveWorkRelation. null when allowed.
 */
export function workRelationEndRefusal(membership: Membership | null | undefined): 'FORBIDDEN' | null {
  if (!membership) return 'FORBIDDEN';
  if (membership.entityTypeId !== EntityType.Family && membership.entityTypeId !== EntityType.AdvisorCompany) return 'FORBIDDEN';
  return hasPermission(membership, 'RemoveWorkRelation') ? null : 'FORBIDDEN';
}

/** Whether the caller may end work relations of their current entity (the UI's end-relation button). */
export function canEndWorkRelation(membership: Membership | null | undefined): boolean {
  return workRelationEndRefusal(membership) === null;
}

/**
 * Time-boxed access (`accessUntil`, YYYY-MM-DD, inclusive): the advisor company's access
 * runs to the end of that day in UTC — families have no time zone of their own, and one
 * zone makes the date mean the same to both sides. Without a date it never ends by itself.
 * `today` is the UTC day (shared/dates.ts dayIn).
 */
export function isWorkRelationAccessOpen(accessUntil: string | null | undefined, today: string): boolean {
  return !accessUntil || today <= accessUntil;
}

/** Days before the end of time-boxed access when the advisor company is warned by e-mail (once per end date). */
export const accessExpiryWarningDays = 7;

/** Who gives an advisor company's access an end date, moves or clears it: the family, as it edits canvas rights. */
export function accessUntilRefusal(membership: Membership | null | undefined): 'FORBIDDEN' | null {
  return workRelationRightsRefusal(membership, 'canvasRights');
}

/**
 * An invitation is accepted only while the member who sent it could still send it: they
 * are an active member of the inviting entity and still hold the right — for a member
 * invitation, inviting with that role (canInviteMemberWithRole: InviteMember and a role no
 * higher than their own), for a family or advisor invitation, InviteWorkRelation.
 * Removing or demoting a member revokes the pending invitations this answers false for.
 */
export function isInviterStillEntitled(
  inviter: (Membership & { isActive?: boolean }) | null | undefined,
  invitation: { kind: 'member'; entityRoleId: EntityRoleId } | { kind: WorkRelationInvitationKind },
): boolean {
  if (!inviter || inviter.isActive === false) return false;
  if (invitation.kind === 'member') return canInviteMemberWithRole(inviter, invitation.entityRoleId);
  return workRelationInvitationRefusal(inviter, invitation.kind, 'invite') === null;
}

/**
 * Whether the user may accept a work-relation invitation on behalf of one of their
 * entities: it is of the invited type (INCORRECT_ENTITY_TYPE_INPUT, 18) and the user is its
 * owner or admin (FORBIDDEN, 8). A relation ties the whole entity, so nobody less decides.
 */
export function workRelationAcceptRefusal(
  membership: Pick<Membership, 'entityTypeId' | 'entityRoleId'> | null | undefined,
  kind: WorkRelationInvitationKind,
): 'FORBIDDEN' | 'INCORRECT_ENTITY_TYPE_INPUT' | null {
  if (!membership) return 'FORBIDDEN';
  if (membership.entityTypeId !== workRelationInvitationSides[kind].invitee) return 'INCORRECT_ENTITY_TYPE_INPUT';
  return isAdmin(membership) ? null : 'FORBIDDEN';
}

/**
 * How the caller (acting for their current entity) relates to an entity they look at:
 * - own: it is the current entity;
 * - advisorOfFamily: the caller is a family member, the entity an advisor company working for the family;
 * - familyOfAdvisor: the caller is an advisor, the entity a family their company works for;
 * - viaFamily: the caller is an advisor, the entity another advisor company working for the same family.
 * Anything else sees nothing (the server answers ITEM_NOT_FOUND).
 */
export type RelationView =
  | { kind: 'own'; membership: Membership }
  | { kind: 'advisorOfFamily'; membership: Membership }
  | { kind: 'familyOfAdvisor'; membership: Membership; workRelationRoleId: WorkRelationRoleId }
  | { kind: 'viaFamily'; membership: Membership; familyId: number; workRelationRoleId: WorkRelationRoleId };

/**
 * The work-relation permissions of the caller on the entity they look at, as one list
 * (GET /authorization/work-relation-member-permissions answers it, and every related read
 * asks it):
 * - an advisor looking at a family has their canvas role's permissions; the sensitive
 *   ones only with ReadSensitiveData in their own company as well;
 * - a family member looking at its advisor company, or anyone at their own entity, has
 *   what their entity role allows (docs/product/work-relations.md#permissions flags);
 * - an advisor looking at another company through a shared family reads its basic data only.
 */
export function relationPermissions(view: RelationView): WorkRelationPermission[] {
  if (view.kind === 'viaFamily') return view.workRelationRoleId === WorkRelationRole.None ? [] : ['ReadWorkRelationEntityData'];
  if (view.kind === 'familyOfAdvisor') {
    const canReadSensitive = hasPermission(view.membership, 'ReadSensitiveData');
    return permissionsForWorkRelationRole(view.workRelationRoleId).filter(
      (permission) => canReadSensitive || (permission !== 'ReadWorkRelationSensitiveData' && permission !== 'EditWorkRelationSensitiveData'),
    );
  }
  const flags = memberFlags(view.membership);
  const isFamily = view.membership.entityTypeId === EntityType.Family;
  const permissions: WorkRelationPermission[] = ['ReadWorkRelationEntityData'];
  if (flags.canReadWorkRelationMembers) permissions.push('ReadWorkRelationMembers');
  if (flags.canEditWorkRelationMembers && isFamily) permissions.push('EditWorkRelationMembers');
  if (flags.canReadSensitiveData) permissions.push('ReadWorkRelationSensitiveData');
  if (flags.canEditSensitiveData) permissions.push('EditWorkRelationSensitiveData');
  if (view.kind === 'own' && flags.canEditEntity) permissions.push('EditWorkRelationEntityData');
  if (isFamily && view.kind === 'own') {
    if (hasPermission(view.membership, 'ReadCanvas')) permissions.push('ReadCanvas');
    if (hasPermission(view.membership, 'EditCanvas')) permissions.push('EditCanvas');
  }
  if (isFamily && flags.canEditCanvasRights) permissions.push('EditCanvasRights');
  return permissions;
}

/** Whether the caller sees the sensitive data (contact data) of the entity they look at and of its members. */
export function canReadRelatedSensitiveData(view: RelationView): boolean {
  return relationPermissions(view).includes('ReadWorkRelationSensitiveData');
}

/** Whether the caller may list the members (owners, advisors, family members) of the entity they look at. */
export function canReadRelatedMembers(view: RelationView): boolean {
  if (view.kind === 'own') return hasPermission(view.membership, 'ReadMember');
  if (view.kind === 'viaFamily') return view.workRelationRoleId !== WorkRelationRole.None;
  return relationPermissions(view).includes('ReadWorkRelationMembers');
}

/**
 * Private notes (docs/product/work-relations.md#private-notes, #permissions): kept by an organisation about itself or an
 * entity it works with, read with ReadSensitiveData, written with EditSensitiveData, in
 * the writer's own organisation. An advisor company keeps none about another advisor company.
 */
export function noteRefusal(membership: Membership | null | undefined, action: 'read' | 'edit'): 'FORBIDDEN' | null {
  if (!membership) return 'FORBIDDEN';
  return hasPermission(membership, action === 'read' ? 'ReadSensitiveData' : 'EditSensitiveData') ? null : 'FORBIDDEN';
}

/** Who sets advisors' canvas roles for a family, and which sections it shares: the family's owner or admin (docs/product/work-relations.md#permissions). */
export function workRelationRightsRefusal(membership: Membership | null | undefined, what: 'members' | 'canvasRights'): 'FORBIDDEN' | null {
  if (!membership || membership.entityTypeId !== EntityType.Family) return 'FORBIDDEN';
  const flags = memberFlags(membership);
  return (what === 'members' ? flags.canEditWorkRelationMembers : flags.canEditCanvasRights) ? null : 'FORBIDDEN';
}

/**
 * The dashboard's canvas rule (docs/product/dashboard.md#screens): an advisor opens a family canvas if
 * they are an owner or admin of their company, or their role is not 'none' and carries
 * ReadCanvas or EditCanvas.
 */
export function canAdvisorViewCanvas(advisor: Membership, workRelationRoleId: WorkRelationRoleId): boolean {
  return canReadCanvas({
    kind: 'workRelation',
    membership: advisor,
    workRelationRoleId,
    workRelationPermissions: permissionsForWorkRelationRole(workRelationRoleId),
    sharedSectionIds: [],
  });
}

/**
 * Two-factor sign-in (docs/product/sessions-and-sign-in.md#two-factor-sign-in). A user has a second factor with TOTP on or at least one
 * passkey (`passkeyCount`, kept on the user item by the passkey work). The one definition:
 * sign-in, the company policy and the Security tab all ask this.
 */
export function hasSecondFactor(user: { totpEnabled?: boolean; passkeyCount?: number } | null | undefined): boolean {
  return user?.totpEnabled === true || (user?.passkeyCount ?? 0) > 0;
}

/** Only an advisor company's owner may require two-factor sign-in of all its members. */
export function canSetTwoFactorPolicy(membership: Membership | null | undefined): boolean {
  return isOwner(membership) && membership?.entityTypeId === EntityType.AdvisorCompany;
}

/**
 * Whether a user may open and act in an entity: an advisor company that requires two-factor
 * sign-in refuses members without a second factor (TWO_FACTOR_REQUIRED, 93) until they set
 * one up. Families have no such policy.
 */
export function twoFactorPolicyRefusal(
  entity: { entityTypeId: number; requireTwoFactor?: boolean } | null | undefined,
  user: { totpEnabled?: boolean; passkeyCount?: number } | null | undefined,
): 'TWO_FACTOR_REQUIRED' | null {
  if (entity?.entityTypeId !== EntityType.AdvisorCompany || entity.requireTwoFactor !== true) return null;
  return hasSecondFactor(user) ? null : 'TWO_FACTOR_REQUIRED';
}
