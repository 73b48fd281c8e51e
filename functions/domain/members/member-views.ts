import type { EntityMember, EntityOwner, OwnersResponse } from '../../../shared/contracts/members';
import { EntityRole } from '../../../shared/enums';
import { sortRows } from '../../../shared/sort-rows';
import { listMembersOfEntity, type MemberItem } from '../../records/members';
import { fullName, getUsers, nameFieldsOf, type UserItem } from '../../records/users';
import { contactOf, type Viewer } from '../../records/people-views';

export { contactOf, type Viewer };

/** One row of the member list (docs/product/organisations-and-members.md#fields), with hidden contact fields null. */
export function toEntityMember(member: MemberItem, user: UserItem, entityName: string, viewer: Viewer): EntityMember {
  const contact = contactOf(user, viewer);
  const [address] = contact.addresses;
  return {
    ...nameFieldsOf(user),
    id: member.userId,
    userId: member.userId,
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    entityRoleId: member.entityRoleId,
    companyPosition: member.companyPosition ?? null,
    active: member.isActive,
    entityName,
    streetAddress: address?.streetAddress ?? null,
    city: address?.city ?? null,
    postalCode: address?.postalCode ?? null,
    country: address?.country ?? null,
    addressType: address?.addressType ?? null,
    memberName: fullName(user),
  };
}

/** One owner as the Owners tab shows it, with hidden contact fields null or empty. */
export function toEntityOwner(user: UserItem, viewer: Viewer): EntityOwner {
  const contact = contactOf(user, viewer);
  return { ...nameFieldsOf(user), email: contact.email, phoneNumber: contact.phoneNumber, addresses: contact.addresses };
}

/** The active owners of an entity as the Owners tab lists them (toEntityOwner), by last and first name. */
export async function ownersOf(entityId: number, viewer: Viewer): Promise<OwnersResponse> {
  const owners = (await listMembersOfEntity(entityId)).filter((member) => member.isActive && member.entityRoleId === EntityRole.Owner);
  const users = await getUsers(owners.map((owner) => owner.userId));
  const rows = owners.flatMap((owner) => {
    const user = users.get(owner.userId);
    return user ? [toEntityOwner(user, viewer)] : [];
  });
  return sortRows(rows, [
    { field: 'lastName', isDescending: false },
    { field: 'firstName', isDescending: false },
  ]);
}
