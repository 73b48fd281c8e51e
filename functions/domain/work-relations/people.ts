import { EntityRole } from '../../../shared/enums';
import { listMembersOfEntity, type MemberItem } from '../../records/members';
import { fullName, getUsers, type UserItem } from '../../records/users';

/**
 * The people of several entities at once (owners of the companies in a list, advisors of
 * every company of a family): one Query per entity, all in parallel, then one BatchGet of
 * the users (per 100) — a fixed number of round trips whatever the number of entities.
 */
export async function activeMembersOf(entityIds: readonly number[]): Promise<{ members: Map<number, MemberItem[]>; users: Map<string, UserItem> }> {
  const unique = [...new Set(entityIds)];
  const lists = await Promise.all(
    unique.map(async (entityId) => [entityId, (await listMembersOfEntity(entityId)).filter((member) => member.isActive)] as const),
  );
  const members = new Map<number, MemberItem[]>(lists);
  const users = await getUsers(lists.flatMap(([, list]) => list.map((member) => member.userId)));
  return { members, users };
}

/** The owners' names of each entity, comma-separated and sorted by last name ('' without any). */
export async function ownerNamesOf(entityIds: readonly number[]): Promise<Map<number, string>> {
  const { members, users } = await activeMembersOf(entityIds);
  const names = new Map<number, string>();
  for (const [entityId, list] of members) {
    const owners = list
      .filter((member) => member.entityRoleId === EntityRole.Owner)
      .map((member) => users.get(member.userId))
      .filter((user): user is UserItem => user !== undefined)
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
    names.set(entityId, owners.map(fullName).join(', '));
  }
  return names;
}
