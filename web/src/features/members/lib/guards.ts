import type { EntityMember } from '../../../../../shared/contracts/members';
import { EntityRole, entityRoleIds, type EntityRoleId } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { canChangeMemberRole, isGuardedRole, type Membership } from '../../../../../shared/permissions';

/**
 * The member modal's guards (docs/product/organisations-and-members.md#permissions): the last owner and the last admin keep their
 * role, and only an owner touches an owner. The browser warns before asking; the server
 * refuses anyway (60–63), and its refusal shows the same warning.
 */
export type MemberWarning = 'editOwner' | 'editAdmin' | 'removeOwner' | 'removeAdmin';

/**
 * The warning a change would meet, or null. The server keeps a count per guarded role and
 * refuses to take it below one (functions/domain/organisations/entities.ts roleCounterChange): so the one
 * active holder of owner or admin keeps it, whoever asks.
 */
export function lastHolderWarning(
  members: ReadonlyArray<Pick<EntityMember, 'entityRoleId' | 'active'>>,
  target: Pick<EntityMember, 'entityRoleId'>,
  change: { action: 'edit'; newRoleId: EntityRoleId } | { action: 'remove' },
): MemberWarning | null {
  if (change.action === 'edit' && change.newRoleId === target.entityRoleId) return null;
  if (!isGuardedRole(target.entityRoleId)) return null;
  const holders = members.filter((member) => member.active && member.entityRoleId === target.entityRoleId).length;
  if (holders > 1) return null;
  const isOwner = target.entityRoleId === EntityRole.Owner;
  if (change.action === 'edit') return isOwner ? 'editOwner' : 'editAdmin';
  return isOwner ? 'removeOwner' : 'removeAdmin';
}

/** The server's refusals 60–63 as the matching warning (docs/product/errors.md#organisations-errors Member modal). */
export function warningForErrorCode(errorCode: number): MemberWarning | null {
  switch (errorCode) {
    case ErrorCodes.EDIT_OWNER_NOT_ALLOWED:
      return 'editOwner';
    case ErrorCodes.EDIT_ADMIN_NOT_ALLOWED:
      return 'editAdmin';
    case ErrorCodes.REMOVE_OWNER_NOT_ALLOWED:
      return 'removeOwner';
    case ErrorCodes.REMOVE_ADMIN_NOT_ALLOWED:
      return 'removeAdmin';
    default:
      return null;
  }
}

/** The roles the actor may give the target: the target's own, and those the policy allows. */
export function assignableRoles(actor: Membership, targetRoleId: EntityRoleId): EntityRoleId[] {
  return entityRoleIds.filter((roleId) => roleId === targetRoleId || canChangeMemberRole(actor, targetRoleId, roleId));
}
