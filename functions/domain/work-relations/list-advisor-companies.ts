import type { AdvisorCompaniesResponse, ListAdvisorCompaniesRequest } from '../../../shared/contracts/work-relations';
import { EntityType } from '../../../shared/enums';
import { sortRows } from '../../../shared/sort-rows';
import { getEntities } from '../../records/entities';
import { listCanvasSections, listWorkRelationsOfFamily } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';
import { ownerNamesOf } from './people';
import { sharedSectionsOf } from './sections';

/**
 * The advisor companies working for the current family (docs/product/work-relations.md#advisor-companies-list, #fields Advisor
 * company row), with their owners and the sections shared with each (empty: all). Any
 * member of the family may see them; another entity type → FORBIDDEN (8). Round trips:
 * a Query of the relations and one of the sections, a BatchGet of the companies, a
 * Query of each company's members (in parallel) and a BatchGet of the owners.
 */
export async function listAdvisorCompanies(session: Session, input: ListAdvisorCompaniesRequest): Promise<AdvisorCompaniesResponse> {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.Family) throw fail('FORBIDDEN');
  const familyId = membership.entityId;
  const [relations, sections] = await Promise.all([listWorkRelationsOfFamily(familyId), listCanvasSections(familyId)]);
  const advisorIds = relations.map((relation) => relation.advisorId);
  const [entities, owners] = await Promise.all([getEntities(advisorIds), ownerNamesOf(advisorIds)]);
  const rows = relations.flatMap((relation) => {
    const entity = entities.get(relation.advisorId);
    if (!entity) return [];
    const shared = sharedSectionsOf(sections, relation.sharedSectionIds ?? []);
    return [
      {
        id: entity.id,
        entityName: entity.entityName,
        owners: owners.get(entity.id) ?? '',
        subscriptionPlan: null,
        limitedCanvasSharings: shared.map((section) => section.title),
        limitedCanvasSectionIds: shared.map((section) => section.id),
        accessUntil: relation.accessUntil ?? null,
      },
    ];
  });
  return sortRows(rows, input.orderBy?.length ? input.orderBy : [{ field: 'entityName', isDescending: false }]);
}
