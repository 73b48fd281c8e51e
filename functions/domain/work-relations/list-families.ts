import type { FamiliesResponse, ListFamiliesRequest } from '../../../shared/contracts/work-relations';
import { EntityType } from '../../../shared/enums';
import { sortRows } from '../../../shared/sort-rows';
import { canAdvisorViewCanvas, effectiveWorkRelationRoleId } from '../../../shared/permissions';
import { listFamiliesOfAdvisor, readFamilyRows } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';
import { ownerNamesOf } from './people';

/**
 * The families the current advisor company works for (docs/product/work-relations.md#families-list, #fields Families
 * list row), each with its owners, whether it has a canvas, and the caller's canvas role
 * and right to open it. Another entity type → FORBIDDEN (8). Round trips: the GSI1 Query
 * of the relations; one BatchGet of the families, their canvas items and the caller's
 * roles; a Query of each family's members (in parallel) and a BatchGet of the owners.
 */
export async function listFamilies(session: Session, input: ListFamiliesRequest): Promise<FamiliesResponse> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('FORBIDDEN');
  const advisorId = membership.entityId;
  const relations = await listFamiliesOfAdvisor(advisorId);
  const familyIds = relations.map((relation) => relation.familyId);
  const accessUntilOf = new Map(relations.map((relation) => [relation.familyId, relation.accessUntil ?? null]));
  const [{ entities, canvases, roles }, owners] = await Promise.all([readFamilyRows(familyIds, advisorId, session.userId), ownerNamesOf(familyIds)]);
  const rows = familyIds.flatMap((familyId) => {
    const entity = entities.get(familyId);
    if (!entity) return [];
    const workRelationRoleId = effectiveWorkRelationRoleId(membership, roles.get(familyId)?.workRelationRoleId);
    const hasCanvas = canvases.has(familyId);
    return [
      {
        id: familyId,
        entityName: entity.entityName,
        owners: owners.get(familyId) ?? '',
        // The end of the company's access (time-boxed access), if the family set one.
        endDate: accessUntilOf.get(familyId) ?? null,
        subscriptionPlan: null,
        canvasId: hasCanvas ? familyId : null,
        canViewCanvas: hasCanvas && canAdvisorViewCanvas(membership, workRelationRoleId),
        workRelationRoleId,
      },
    ];
  });
  return sortRows(rows, input.orderBy?.length ? input.orderBy : [{ field: 'entityName', isDescending: false }]);
}
