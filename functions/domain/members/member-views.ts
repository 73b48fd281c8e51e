import type { EntityMember, EntityOwner } from '../../../shared/contracts/members';
import type { MemberItem } from '../../records/members';
import { fullName, type UserItem } from '../../records/users';
import { contactOf, type Viewer } from '../../records/people-views';

export { contactOf, type Viewer };

/** One row of the member list (docs/product/organisations-and-members.md#fields), with hidden contact fields null. */
export function toEntityMember(member: MemberItem, user: UserItem, entityName: string, viewer: Viewer): EntityMember {
  const contact = contactOf(user, viewer);
  const [address] = contact.addresses;
  return {
    id: member.userId,
    userId: member.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    prefix: user.prefix ?? null,
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
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    prefix: user.prefix ?? null,
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    addresses: contact.addresses,
  };
}
