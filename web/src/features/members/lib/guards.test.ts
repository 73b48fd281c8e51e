import { describe, expect, it } from 'vitest';
import { EntityRole } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { aMember, membership } from '../testing/fixtures';
import { assignableRoles, lastHolderWarning, warningForErrorCode } from './guards';

describe('the last owner and admin guard (docs/product/organisations-and-members.md#permissions)', () => {
  const owner = aMember({ id: 'o1', entityRoleId: EntityRole.Owner });
  const admin = aMember({ id: 'a1', entityRoleId: EntityRole.Admin });
  const member = aMember({ id: 'm1', entityRoleId: EntityRole.FullMember });

  it('warns before the only owner loses the role or leaves', () => {
    const members = [owner, admin, member];
    expect(lastHolderWarning(members, owner, { action: 'edit', newRoleId: EntityRole.Admin })).toBe('editOwner');
    expect(lastHolderWarning(members, owner, { action: 'remove' })).toBe('removeOwner');
    // Keeping the role (a new position only) is fine.
    expect(lastHolderWarning(members, owner, { action: 'edit', newRoleId: EntityRole.Owner })).toBeNull();
  });

  it('warns for the only admin the same way, and never for a member', () => {
    const members = [owner, admin, member];
    expect(lastHolderWarning(members, admin, { action: 'edit', newRoleId: EntityRole.LimitedMember })).toBe('editAdmin');
    expect(lastHolderWarning(members, admin, { action: 'remove' })).toBe('removeAdmin');
    expect(lastHolderWarning(members, member, { action: 'remove' })).toBeNull();
  });

  it('lets one of two owners go; a deactivated second owner does not count', () => {
    const second = aMember({ id: 'o2', entityRoleId: EntityRole.Owner });
    expect(lastHolderWarning([owner, second], owner, { action: 'remove' })).toBeNull();
    expect(lastHolderWarning([owner, { ...second, active: false }], owner, { action: 'remove' })).toBe('removeOwner');
  });

  it('reads the server refusals 60–63 as the same warnings', () => {
    expect(warningForErrorCode(ErrorCodes.EDIT_OWNER_NOT_ALLOWED)).toBe('editOwner');
    expect(warningForErrorCode(ErrorCodes.EDIT_ADMIN_NOT_ALLOWED)).toBe('editAdmin');
    expect(warningForErrorCode(ErrorCodes.REMOVE_OWNER_NOT_ALLOWED)).toBe('removeOwner');
    expect(warningForErrorCode(ErrorCodes.REMOVE_ADMIN_NOT_ALLOWED)).toBe('removeAdmin');
    expect(warningForErrorCode(ErrorCodes.FORBIDDEN)).toBeNull();
  });

  it('offers the roles the actor may grant: an admin never makes an owner', () => {
    expect(assignableRoles(membership(EntityRole.Owner), EntityRole.FullMember)).toEqual([1, 2, 3, 4]);
    expect(assignableRoles(membership(EntityRole.Admin), EntityRole.FullMember)).toEqual([2, 3, 4]);
  });
});
