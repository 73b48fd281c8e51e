import type { CanvasUsersResponse } from '../../../shared/contracts/members';
import { EntityType, WorkRelationRole } from '../../../shared/enums';
import { canAdvisorViewCanvas, canReadCanvas, effectiveWorkRelationRoleId } from '../../../shared/permissions';
import { listWorkRelationMembersOfFamily } from '../work-relations/work-relation-members';
import { listWorkRelationsOfFamily } from '../work-relations/work-relations';
import { fail } from '../../lib/errors';
import { resolveFamily } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';
import { rolesByAdvisor } from '../work-relations/advisors';
import { activeMembersOf } from '../work-relations/people';

/**
 * The people who work on a family's canvas (initiators and assignees are chosen among
 * them): its active members, and the advisors of every company working for it whose
 * canvas role is not 'none' (owners and admins of a company always); an advisor gets only
 * their own company's advisors. For a member of the
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
  const people = [
    ...(members.get(entityId) ?? []).map((member) => ({ member, entityType: EntityType.Family })),
    ...companyIds.flatMap((companyId) =>
      (members.get(companyId) ?? [])
        .filter((member) => effectiveWorkRelationRoleId(member, roles.get(`${companyId}#${member.userId}`)?.workRelationRoleId) !== WorkRelationRole.None)
        .map((member) => ({ member, entityType: EntityType.AdvisorCompany })),
    ),
  ];
  const seen = new Set<string>();
  return people.flatMap(({ member, entityType }) => {
    const user = users.get(member.userId);
    if (!user || seen.has(user.id)) return [];
    seen.add(user.id);
    return [{ userId: user.id, firstName: user.firstName, lastName: user.lastName, entityType }];
  });
}
