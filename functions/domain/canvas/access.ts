import { EntityType } from '../../../shared/enums';
import { effectiveWorkRelationRoleId, isWorkRelationAccessOpen, permissionsForWorkRelationRole, type CanvasAccess, type Membership } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { accessDayOf } from '../work-relations/access-until';
import type { Session } from '../sessions/session';
import type { CanvasSnapshot } from './snapshot';

/**
 * The caller's access to one family's canvas, from the session (the current membership)
 * and the work-relation items of the one canvas Query — no read of its own:
 * - own: the current entity is this family;
 * - workRelation: the current entity is an advisor company with a C#ACCESS# item on this
 *   canvas; the advisor's role comes from their C#WRMEMBER# item (the default role when
 *   there is none), and an owner or admin of the company counts as full access;
 * - null: anybody else, who sees nothing (the callers answer ITEM_NOT_FOUND).
 * What each kind may do is decided by shared/permissions.ts.
 */
export function resolveCanvasAccess(
  session: Pick<Session, 'userId' | 'membership'>,
  familyId: number,
  relations: Pick<CanvasSnapshot, 'workRelations' | 'workRelationMembers'>,
): CanvasAccess | null {
  const current = session.membership;
  if (!current) return null;
  const membership: Membership = {
    entityId: current.entityId,
    entityTypeId: current.entityTypeId,
    entityRoleId: current.entityRoleId,
    permissions: current.permissions,
  };
  if (membership.entityTypeId === EntityType.Family) return membership.entityId === familyId ? { kind: 'own', membership } : null;
  if (membership.entityTypeId !== EntityType.AdvisorCompany) return null;
  const relation = relations.workRelations.get(membership.entityId);
  // Time-boxed access ends with its last day even before the access-expiry job removes the relation.
  if (!relation || !isWorkRelationAccessOpen(relation.accessUntil, accessDayOf(now()))) return null;
  const ownRole = relations.workRelationMembers.get(`${membership.entityId}#${session.userId}`)?.workRelationRoleId;
  const workRelationRoleId = effectiveWorkRelationRoleId(membership, ownRole);
  return {
    kind: 'workRelation',
    membership,
    workRelationRoleId,
    workRelationPermissions: permissionsForWorkRelationRole(workRelationRoleId),
    sharedSectionIds: relation.sharedSectionIds ?? [],
  };
}
