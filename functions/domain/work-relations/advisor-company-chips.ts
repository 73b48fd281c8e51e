import type { AdvisorCompanyChipsResponse } from '../../../shared/contracts/work-relations';
import { canSeeAdvisorCompany } from '../../../shared/permissions';
import { getEntities } from '../../records/entities';
import type { CanvasContext } from '../canvas/context';
import type { WorkRelationItem } from '../../records/work-relations';

/** The chips of the advisor companies of these relations, by name: one BatchGet of the companies. */
export async function chipsOf(relations: Iterable<WorkRelationItem>): Promise<AdvisorCompanyChipsResponse> {
  const entities = await getEntities([...relations].map((relation) => relation.advisorId));
  return [...entities.values()]
    .map((entity) => ({ id: entity.id, entityName: entity.entityName }))
    .sort((a, b) => a.entityName.localeCompare(b.entityName, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

/** Whether the caller may see that this company works with the family: an advisor sees their own, others only when the family shows them. */
export const seenBy = (context: CanvasContext, relation: WorkRelationItem) =>
  canSeeAdvisorCompany(context.access, relation.advisorId, context.snapshot.meta?.advisorCompaniesVisibleToAdvisors === true);
