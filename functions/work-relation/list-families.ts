import type { FamiliesResponse, ListFamiliesRequest } from '../../shared/contracts/work-relations';
import { EntityType } from '../../shared/enums';
import { sortRows } from '../../shared/ordering';
import { canAdvisorViewCanvas, effectiveWorkRelationRoleId } from '../../shared/permissions';
import { batchGetItems } from '../lib/db/batch';
import type { EntityItem } from '../domain/organisations/entities';
import { keys } from '../lib/db/keys';
import { listFamiliesOfAdvisor, type WorkRelationMemberItem } from '../lib/db/work-relations';
import { fail } from '../lib/errors';
import { requireCurrentMembership } from '../domain/members/memberships';
import type { Session } from '../domain/sessions/session';
import { ownerNamesOf } from '../lib/work-relations/people';

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
  const [items, owners] = await Promise.all([
    batchGetItems<Record<string, unknown>>(
      familyIds.flatMap((familyId) => [keys.entity(familyId), keys.canvas(familyId), keys.workRelationMember(familyId, advisorId, session.userId)]),
    ),
    ownerNamesOf(familyIds),
  ]);
  const entities = new Map<number, EntityItem>();
  const canvases = new Set<number>();
  const roles = new Map<number, WorkRelationMemberItem>();
  for (const item of items) {
    if (item.type === 'Entity') entities.set((item as EntityItem).id, item as EntityItem);
    else if (item.type === 'Canvas') canvases.add(Number(item.familyId));
    else if (item.type === 'WorkRelationMember') roles.set(Number(item.familyId), item as WorkRelationMemberItem);
  }
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
