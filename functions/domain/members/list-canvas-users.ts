import type { CanvasUsersResponse } from '../../../shared/contracts/members';
import { EntityType, WorkRelationRole } from '../../../shared/enums';
import { canAdvisorViewCanvas, canReadCanvas, effectiveWorkRelationRoleId } from '../../../shared/permissions';
import { listWorkRelationMembersOfFamily } from '../../records/work-relation-members';
import { listWorkRelationsOfFamily } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { resolveFamily } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';
import { rolesByAdvisor } from '../work-relations/advisors';
import { activeMembersOf } from '../work-relations/people';

/**
 * The people who work on a family's canvas (initiators and assignees are chosen among
 * them): its active members, and the advisors of every company working for it whose
 * canvas role is not 'none' (owners and admins of a company always), each with the sections
 * they see when their company is limited to some; an advisor gets only their own company's advisors. For a member of the
 * family who may read its canvas, or an advisor who may open it; anybody else, or a
 * company (no canvas), → ITEM_NOT_FOUND (4). Round trips: one BatchGet (the relation
 * check), two Queries of the canvas partition, a Query per entity (in parallel), one BatchGet of the users.
 */
export async function listCanvasUsers(session: Session, entityId: number): Promise<CanvasUsersResponse> {
  const { view } = await resolveFamily(session, entityId);
  const mayRead =
    view.kind === 'own'
      ? canReadCanvas({ kind: 'own', membership: view.membership })
      : view.kind === 'familyOfAdvisor' && canAdvisorViewCanvas(view.membership, view.workRelationRoleId);
  if (!mayRead) throw fail('ITEM_NOT_FOUND');
  const [relations, roleItems] = await Promise.all([listWorkRelationsOfFamily(entityId), listWorkRelationMembersOfFamily(entityId)]);
  // An advisor picks among the family and their own company: another company's people are
  // the family's business (shared/permissions.ts isOtherAdvisorCompany).
  const companyIds = relations.map((relation) => relation.advisorId).filter((advisorId) => view.kind === 'own' || advisorId === view.membership.entityId);
  const { members, users } = await activeMembersOf([entityId, ...companyIds]);
  const roles = rolesByAdvisor(roleItems);
  const sharedOf = new Map(relations.map((relation) => [relation.advisorId, relation.sharedSectionIds ?? []]));
  const people = [
    ...(members.get(entityId) ?? []).map((member) => ({ member, entityType: EntityType.Family, sectionIds: all })),
    ...companyIds.flatMap((companyId) =>
      (members.get(companyId) ?? [])
        .filter((member) => effectiveWorkRelationRoleId(member, roles.get(`${companyId}#${member.userId}`)?.workRelationRoleId) !== WorkRelationRole.None)
        .map((member) => ({ member, entityType: EntityType.AdvisorCompany, sectionIds: sharedOf.get(companyId)!.length ? sharedOf.get(companyId)! : all })),
    ),
  ];
  // A person listed twice (an advisor of two companies) sees what either lets them see.
  const byUser = new Map<string, { entityType: number; sectionIds: Set<number> | typeof all }>();
  for (const { member, entityType, sectionIds } of people) {
    const known = byUser.get(member.userId);
    if (!known) byUser.set(member.userId, { entityType, sectionIds: sectionIds === all ? all : new Set(sectionIds) });
    else if (known.sectionIds !== all) known.sectionIds = sectionIds === all ? all : new Set([...known.sectionIds, ...sectionIds]);
  }
  return [...byUser].flatMap(([userId, { entityType, sectionIds }]) => {
    const user = users.get(userId);
    if (!user) return [];
    return [
      {
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        entityType,
        ...(sectionIds === all ? {} : { sectionIds: [...sectionIds].sort((a, b) => a - b) }),
      },
    ];
  });
}

/** The whole canvas (no section list). */
const all = 'all' as const;
