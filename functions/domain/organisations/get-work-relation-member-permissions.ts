import type { WorkRelationMemberPermissions } from '../../../shared/contracts/work-relations';
import { EntityType } from '../../../shared/enums';
import { canAdvisorViewCanvas, canReadCanvas, relationPermissions } from '../../../shared/permissions';
import { resolveRelatedEntity } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';

/**
 * The caller's work-relation role and permissions for an entity they look at (the family
 * and company pages, docs/product/work-relations.md#screens): for a family their company works for, their canvas role
 * and its permissions; for their own entity or an advisor company working for their
 * family, what their entity role allows there (shared/permissions.ts relationPermissions).
 * Unrelated → ITEM_NOT_FOUND (4). One BatchGet.
 */
export async function getWorkRelationMemberPermissions(session: Session, entityId: number): Promise<WorkRelationMemberPermissions> {
  const { view, entity } = await resolveRelatedEntity(session, entityId);
  const workRelationRoleId = view.kind === 'familyOfAdvisor' || view.kind === 'viaFamily' ? view.workRelationRoleId : null;
  const canViewCanvas =
    view.kind === 'familyOfAdvisor'
      ? canAdvisorViewCanvas(view.membership, view.workRelationRoleId)
      : view.kind === 'own' && entity.entityTypeId === EntityType.Family && canReadCanvas({ kind: 'own', membership: view.membership });
  return { entityId, relation: view.kind, workRelationRoleId, permissions: relationPermissions(view), canViewCanvas };
}
