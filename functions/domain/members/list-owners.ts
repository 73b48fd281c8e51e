import type { OwnersResponse } from '../../../shared/contracts/members';
import { EntityRole } from '../../../shared/enums';
import { sortRows } from '../../../shared/sort-rows';
import { listMembersOfEntity } from '../../records/members';
import { getUsers } from '../../records/users';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';
import { toEntityOwner } from './member-views';

/** The active owners of the current entity (ReadMember), by name, with contact data as the policy allows. */
export async function listOwners(session: Session): Promise<OwnersResponse> {
  const membership = requireCurrentMembership(session);
  requirePermission(membership, 'ReadMember');
  const owners = (await listMembersOfEntity(membership.entityId)).filter((member) => member.isActive && member.entityRoleId === EntityRole.Owner);
  const users = await getUsers(owners.map((owner) => owner.userId));
  const viewer = { userId: session.userId, membership };
  const rows = owners.flatMap((owner) => {
    const user = users.get(owner.userId);
    return user ? [toEntityOwner(user, viewer)] : [];
  });
  return sortRows(rows, [
    { field: 'lastName', isDescending: false },
    { field: 'firstName', isDescending: false },
  ]);
}
