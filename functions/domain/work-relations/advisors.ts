import { advisorRoleKey } from '../access/decide';
import type { AdvisorMember, FamilyMemberRow } from '../../../shared/contracts/work-relations';
import { EntityType, type WorkRelationRoleId } from '../../../shared/enums';
import { effectiveWorkRelationRoleId } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { contactOf, type Viewer } from '../../records/people-views';
import { listMembershipsOfUser, type MemberItem } from '../../records/members';
import { fullName, type UserItem } from '../../records/users';
import { listWorkRelationMembersOfFamily, type WorkRelationMemberItem } from '../../records/work-relation-members';
import { listWorkRelationsOfFamily, type WorkRelationItem } from '../../records/work-relations';
import { fail } from '../../lib/errors';

/** What every person row of the lists carries: name, entity, role, and contact data as the viewer may see it. */
function personRow(member: MemberItem, user: UserItem, entityName: string, viewer: Viewer) {
  const contact = contactOf(user, viewer);
  return {
    id: member.userId,
    memberName: fullName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    prefix: user.prefix ?? null,
    entityId: member.entityId,
    entityName,
    entityRoleId: member.entityRoleId,
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    addresses: contact.addresses,
  };
}

/** One advisor as the lists show them. */
export function toAdvisorMember(
  member: MemberItem,
  user: UserItem,
  entityName: string,
  workRelationRoleId: WorkRelationRoleId | null,
  viewer: Viewer,
): AdvisorMember {
  return { ...personRow(member, user, entityName, viewer), companyPosition: member.companyPosition ?? null, workRelationRoleId };
}

/** One family member as an advisor sees them. */
export function toFamilyMemberRow(member: MemberItem, user: UserItem, entityName: string, viewer: Viewer): FamilyMemberRow {
  return personRow(member, user, entityName, viewer);
}

/** The canvas roles a family gave, by `<advisorId>#<userId>`. */
export function rolesByAdvisor(items: readonly WorkRelationMemberItem[]): Map<string, WorkRelationMemberItem> {
  return new Map(items.map((item) => [advisorRoleKey(item.advisorId, item.userId), item]));
}

export type AdvisorOfFamily = {
  member: MemberItem;
  relation: WorkRelationItem;
  storedRoleId: WorkRelationRoleId | undefined;
  workRelationRoleId: WorkRelationRoleId;
};

/**
 * A user as an advisor of a family: their active membership in an advisor company that
 * works for the family, with their canvas role there. Not such an advisor → 4; a member of
 * several such companies without `advisorCompanyId` naming one → INCORRECT_INPUT (6).
 * Three Queries, in parallel: the user's memberships, the family's relations and roles.
 */
export async function findAdvisorOfFamily(familyId: number, userId: string, advisorCompanyId?: number): Promise<AdvisorOfFamily> {
  const [memberships, relations, roles] = await Promise.all([
    listMembershipsOfUser(userId),
    listWorkRelationsOfFamily(familyId),
    listWorkRelationMembersOfFamily(familyId),
  ]);
  const relationOf = new Map(relations.map((relation) => [relation.advisorId, relation]));
  const candidates = memberships.filter(
    (member) =>
      member.entityTypeId === EntityType.AdvisorCompany &&
      relationOf.has(member.entityId) &&
      (advisorCompanyId === undefined || member.entityId === advisorCompanyId),
  );
  const [member] = candidates;
  if (!member) throw fail('ITEM_NOT_FOUND');
  if (candidates.length > 1)
    throw fail('INCORRECT_INPUT', {
      errors: { advisorCompanyId: [messageKeys.required] },
      message: 'The advisor works for several companies of this family: name one.',
    });
  const storedRoleId = rolesByAdvisor(roles).get(advisorRoleKey(member.entityId, userId))?.workRelationRoleId;
  return {
    member,
    relation: relationOf.get(member.entityId) as WorkRelationItem,
    storedRoleId,
    workRelationRoleId: effectiveWorkRelationRoleId(member, storedRoleId),
  };
}
