import { advisorRoleKey } from '../access/decide';
import type { AdvisorMember, AdvisorsResponse, ListAdvisorsRequest } from '../../../shared/contracts/work-relations';
import { EntityType, WorkRelationRole } from '../../../shared/enums';
import { sortRows, type SortKey } from '../../../shared/sort-rows';
import {
  canReadRelatedMembers,
  canReadRelatedSensitiveData,
  effectiveWorkRelationRoleId,
  hasPermission,
  isAdmin,
  type RelationView,
} from '../../../shared/permissions';
import { getEntities, getEntity } from '../../records/entities';
import { getMember } from '../../records/members';
import { getUser } from '../../records/users';
import { listWorkRelationMembersOfFamily } from '../../records/work-relation-members';
import { listWorkRelationsOfFamily } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Viewer } from '../../records/people-views';
import { resolveFamily } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';
import { findAdvisorOfFamily, rolesByAdvisor, toAdvisorMember } from '../work-relations/advisors';
import { activeMembersOf } from '../work-relations/people';

const byName: Array<SortKey<string>> = [
  { field: 'entityName', isDescending: false },
  { field: 'lastName', isDescending: false },
  { field: 'firstName', isDescending: false },
];

/**
 * How an advisor's contact data shows to the caller: to a family member as their family's
 * permission allows; to an advisor, a colleague of their own company as a direct contact,
 * advisors of other companies without contact data.
 */
function viewerFor(session: Session, view: RelationView, advisorCompanyId: number): Viewer {
  const membership = view.membership;
  if (membership.entityTypeId === EntityType.AdvisorCompany && membership.entityId === advisorCompanyId) return { userId: session.userId, membership };
  if (membership.entityTypeId === EntityType.AdvisorCompany) return { userId: session.userId, membership, related: { canReadSensitiveData: false } };
  return { userId: session.userId, membership, related: { canReadSensitiveData: canReadRelatedSensitiveData({ kind: 'advisorOfFamily', membership }) } };
}

/** The advisors of a family (every company working for it; for an advisor, their own company's), each with their canvas role for it. */
async function advisorsOfFamily(session: Session, familyId: number | undefined, filterEntityId: number | null | undefined): Promise<AdvisorMember[]> {
  const { entity: family, view } = await resolveFamily(session, familyId);
  if (!canReadRelatedMembers(view)) throw fail('FORBIDDEN');
  const [relations, roleItems] = await Promise.all([listWorkRelationsOfFamily(family.id), listWorkRelationMembersOfFamily(family.id)]);
  // An advisor sees the family's advisors of their own company only: the others are the family's business.
  const companyIds = relations
    .map((relation) => relation.advisorId)
    .filter((id) => (filterEntityId == null || id === filterEntityId) && (view.kind !== 'familyOfAdvisor' || id === view.membership.entityId));
  const [{ members, users }, companies] = await Promise.all([activeMembersOf(companyIds), getEntities(companyIds)]);
  const roles = rolesByAdvisor(roleItems);
  return companyIds.flatMap((companyId) =>
    (members.get(companyId) ?? []).flatMap((member) => {
      const user = users.get(member.userId);
      const company = companies.get(companyId);
      if (!user || !company) return [];
      const workRelationRoleId = effectiveWorkRelationRoleId(member, roles.get(advisorRoleKey(companyId, member.userId))?.workRelationRoleId);
      return [toAdvisorMember(member, user, company.entityName, workRelationRoleId, viewerFor(session, view, companyId))];
    }),
  );
}

/**
 * The advisors list (docs/product/work-relations.md#advisor-companies-list and the Advisors tabs, docs/product/work-relations.md#fields Advisor company
 * member): with a family (the path's, or the current entity when it is a family), every
 * advisor of every company working for it, with their canvas role there; for the current
 * advisor company without a family, its own members (canvas role null). `filterBy.entityId`
 * keeps one company. Sorted by `orderBy` (default company, then name). Unrelated family → 4;
 * without the right to read its advisors → 8.
 */
export async function listAdvisors(session: Session, input: ListAdvisorsRequest, familyId?: number): Promise<AdvisorsResponse> {
  const membership = requireCurrentMembership(session);
  const filterEntityId = input.filterBy?.entityId;
  let rows: AdvisorMember[];
  if (familyId === undefined && membership.entityTypeId === EntityType.AdvisorCompany) {
    if (!hasPermission(membership, 'ReadMember')) throw fail('FORBIDDEN');
    if (filterEntityId != null && filterEntityId !== membership.entityId) return [];
    const [{ members, users }, company] = await Promise.all([activeMembersOf([membership.entityId]), getEntity(membership.entityId)]);
    if (!company) throw fail('ITEM_NOT_FOUND');
    rows = (members.get(membership.entityId) ?? []).flatMap((member) => {
      const user = users.get(member.userId);
      return user ? [toAdvisorMember(member, user, company.entityName, null, { userId: session.userId, membership })] : [];
    });
  } else {
    rows = await advisorsOfFamily(session, familyId, filterEntityId);
  }
  return sortRows(rows, input.orderBy?.length ? input.orderBy : byName);
}

/**
 * One advisor, for the advisor modal: for the current family, an advisor of one of its
 * companies with their canvas role; for the current advisor company, one of its members.
 * Anybody else → ITEM_NOT_FOUND (4).
 */
export async function getAdvisor(session: Session, memberId: string): Promise<AdvisorMember> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId === EntityType.AdvisorCompany) {
    if (!hasPermission(membership, 'ReadMember')) throw fail('FORBIDDEN');
    const [member, user, company] = await Promise.all([getMember(membership.entityId, memberId), getUser(memberId), getEntity(membership.entityId)]);
    if (!member?.isActive || !user || !company) throw fail('ITEM_NOT_FOUND');
    return toAdvisorMember(member, user, company.entityName, null, { userId: session.userId, membership });
  }
  const view: RelationView = { kind: 'own', membership };
  if (!canReadRelatedMembers({ kind: 'advisorOfFamily', membership })) throw fail('FORBIDDEN');
  const advisor = await findAdvisorOfFamily(membership.entityId, memberId);
  const [user, company] = await Promise.all([getUser(memberId), getEntity(advisor.member.entityId)]);
  if (!user || !company) throw fail('ITEM_NOT_FOUND');
  return toAdvisorMember(advisor.member, user, company.entityName, advisor.workRelationRoleId, viewerFor(session, view, advisor.member.entityId));
}

/**
 * The advisors of the family's companies who have no access to its canvas (role 'none'),
 * for the add-advisor modal (docs/product/canvas.md#validation): owners and admins of a company always have
 * access and are never listed. For the family itself (`entityId` is the current family,
 * else 4), with the right to read its advisors (else 8).
 */
export async function listAdvisorsNotForFamily(session: Session, familyId: number): Promise<AdvisorsResponse> {
  const membership = requireCurrentMembership(session);
  if (membership.entityId !== familyId || membership.entityTypeId !== EntityType.Family) throw fail('ITEM_NOT_FOUND');
  const advisors = await advisorsOfFamily(session, familyId, undefined);
  const withoutAccess = advisors.filter((advisor) => !isAdmin(advisor) && advisor.workRelationRoleId === WorkRelationRole.None);
  return sortRows(withoutAccess, byName);
}
