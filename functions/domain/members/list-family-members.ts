import type { FamilyMemberRow, FamilyMembersResponse, ListFamilyMembersRequest } from '../../../shared/contracts/work-relations';
import { EntityType } from '../../../shared/enums';
import { sortRows } from '../../../shared/sort-rows';
import { canReadRelatedMembers, canReadRelatedSensitiveData, effectiveWorkRelationRoleId, type RelationView } from '../../../shared/permissions';
import { getEntities, getEntitiesWithItems } from '../../records/entities';
import { listMembershipsOfUser } from '../../records/members';
import type { UserItem } from '../../records/users';
import { keys } from '../../lib/db/keys';
import { listFamiliesOfAdvisor } from '../../records/work-relations';
import { type WorkRelationMemberItem } from '../../records/work-relation-members';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';
import { toFamilyMemberRow } from '../work-relations/advisors';
import { activeMembersOf } from '../work-relations/people';

/**
 * The members of the families the current advisor company works for (docs/product/work-relations.md#families-list
 * page, Family members tab; docs/product/work-relations.md#fields Family member list item), only of families whose members
 * the caller may read (canvas role other than 'none'), contact data as their role allows.
 * `filterBy.entityId` keeps one family (one the company does not work for → 4). Round
 * trips: the GSI1 Query of the relations, one BatchGet of the caller's roles, a Query per
 * family (in parallel), one BatchGet of the users and one of the families.
 */
export async function listFamilyMembers(session: Session, input: ListFamilyMembersRequest): Promise<FamilyMembersResponse> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('FORBIDDEN');
  const filter = input.filterBy?.entityId;
  const familyIds = (await listFamiliesOfAdvisor(membership.entityId)).map((relation) => relation.familyId).filter((id) => filter == null || id === filter);
  if (filter != null && familyIds.length === 0) throw fail('ITEM_NOT_FOUND');
  const { others: roleItems } = await getEntitiesWithItems(
    [],
    familyIds.map((familyId) => keys.workRelationMember(familyId, membership.entityId, session.userId)),
  );
  const storedRoles = new Map((roleItems as WorkRelationMemberItem[]).map((item) => [item.familyId, item.workRelationRoleId]));
  const views = new Map<number, RelationView>(
    familyIds.map((familyId) => [
      familyId,
      { kind: 'familyOfAdvisor', membership, workRelationRoleId: effectiveWorkRelationRoleId(membership, storedRoles.get(familyId)) },
    ]),
  );
  const readable = familyIds.filter((familyId) => canReadRelatedMembers(views.get(familyId) as RelationView));
  if (filter != null && readable.length === 0) throw fail('FORBIDDEN');
  const [{ members, users }, families] = await Promise.all([activeMembersOf(readable), getEntities(readable)]);
  const rows: FamilyMemberRow[] = readable.flatMap((familyId) => {
    const family = families.get(familyId);
    const viewer = { userId: session.userId, membership, related: { canReadSensitiveData: canReadRelatedSensitiveData(views.get(familyId) as RelationView) } };
    return (members.get(familyId) ?? []).flatMap((member) => {
      const user = users.get(member.userId);
      return user && family ? [toFamilyMemberRow(member, user, family.entityName, viewer)] : [];
    });
  });
  return sortRows(
    rows,
    input.orderBy?.length
      ? input.orderBy
      : [
          { field: 'entityName', isDescending: false },
          { field: 'entityRoleId', isDescending: false },
          { field: 'lastName', isDescending: false },
        ],
  );
}

/**
 * One member of a family the current advisor company works for, for the read-only modal
 * (the first such family, by id, whose members the caller may read); anybody else → 4.
 * Two Queries in parallel (the person's memberships, the company's families), then one
 * BatchGet of the caller's roles, the person and the family.
 */
export async function getFamilyMember(session: Session, memberId: string): Promise<FamilyMemberRow> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('FORBIDDEN');
  const [memberships, relations] = await Promise.all([listMembershipsOfUser(memberId), listFamiliesOfAdvisor(membership.entityId)]);
  const related = new Set(relations.map((relation) => relation.familyId));
  const candidates = memberships.filter((member) => member.entityTypeId === EntityType.Family && related.has(member.entityId));
  const { entities: families, others: items } = await getEntitiesWithItems(
    candidates.map((member) => member.entityId),
    [keys.user(memberId), ...candidates.map((member) => keys.workRelationMember(member.entityId, membership.entityId, session.userId))],
  );
  const user = items.find((item) => item.type === 'User') as UserItem | undefined;
  const storedRoles = new Map(
    items.filter((item) => item.type === 'WorkRelationMember').map((item) => [Number(item.familyId), (item as WorkRelationMemberItem).workRelationRoleId]),
  );
  for (const member of candidates) {
    const view: RelationView = {
      kind: 'familyOfAdvisor',
      membership,
      workRelationRoleId: effectiveWorkRelationRoleId(membership, storedRoles.get(member.entityId)),
    };
    const family = families.get(member.entityId);
    if (!user || !family || !canReadRelatedMembers(view)) continue;
    return toFamilyMemberRow(member, user, family.entityName, {
      userId: session.userId,
      membership,
      related: { canReadSensitiveData: canReadRelatedSensitiveData(view) },
    });
  }
  throw fail('ITEM_NOT_FOUND');
}
