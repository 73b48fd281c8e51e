import type { ListMembersQuery, MembersResponse } from '../../../shared/contracts/members';
import { sortRows, type SortKey } from '../../../shared/sort-rows';
import { getEntity } from '../../records/entities';
import { listMembersOfEntity } from '../../records/members';
import { getUsers } from '../../records/users';
import { fail } from '../../lib/errors';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';
import { toEntityMember } from './member-views';

const defaultOrder: Array<SortKey<string>> = [
  { field: 'entityRoleId', isDescending: false },
  { field: 'lastName', isDescending: false },
  { field: 'firstName', isDescending: false },
];

/**
 * The members of the current entity (ReadMember), active and deactivated, sorted by
 * `orderBy` (default: role, then name). One Query of the entity partition, one BatchGet
 * of the users. Rows are sorted after hiding, so the order never reveals a hidden value.
 */
export async function listMembers(session: Session, query: ListMembersQuery): Promise<MembersResponse> {
  const membership = requireCurrentMembership(session);
  requirePermission(membership, 'ReadMember');
  const [members, entity] = await Promise.all([listMembersOfEntity(membership.entityId), getEntity(membership.entityId)]);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const users = await getUsers(members.map((member) => member.userId));
  const viewer = { userId: session.userId, membership };
  const rows = members.flatMap((member) => {
    const user = users.get(member.userId);
    return user ? [toEntityMember(member, user, entity.entityName, viewer)] : [];
  });
  return sortRows(rows, query.orderBy?.length ? query.orderBy : defaultOrder);
}
