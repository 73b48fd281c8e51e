import type { AdvisorCompanyChipsResponse } from '../../shared/contracts/work-relations';
import { familyOfSectionId } from '../../shared/canvas-ids';
import { canSeeAdvisorCompany } from '../../shared/permissions';
import { loadCanvas, ownFamilyId, type CanvasContext } from '../domain/canvas/context';
import { getEntities } from '../domain/organisations/entities';
import type { WorkRelationItem } from '../domain/work-relations/work-relations';
import { fail } from '../lib/errors';
import type { Session } from '../domain/sessions/session';

async function chipsOf(relations: Iterable<WorkRelationItem>): Promise<AdvisorCompanyChipsResponse> {
  const entities = await getEntities([...relations].map((relation) => relation.advisorId));
  return [...entities.values()]
    .map((entity) => ({ id: entity.id, entityName: entity.entityName }))
    .sort((a, b) => a.entityName.localeCompare(b.entityName, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

/** Whether the caller may see that this company works with the family: an advisor sees their own, others only when the family shows them. */
const seenBy = (context: CanvasContext, relation: WorkRelationItem) =>
  canSeeAdvisorCompany(context.access, relation.advisorId, context.snapshot.meta?.advisorCompaniesVisibleToAdvisors === true);

/**
 * The advisor companies working on a family's canvas, by name, for the chips in the canvas
 * header (docs/product/work-relations.md#screens, docs/product/limits.md#work-relations-limits): without an id the current family's. For whoever may read that
 * canvas (its members, advisors with access; an advisor sees only their own company unless
 * the family shows the others); anybody else → ITEM_NOT_FOUND (4). The
 * canvas Query carries the relations; then one BatchGet of the companies.
 */
export async function listCanvasAdvisorCompanies(session: Session, familyId?: number): Promise<AdvisorCompanyChipsResponse> {
  const context = await loadCanvas(session, familyId ?? ownFamilyId(session));
  return chipsOf([...context.snapshot.workRelations.values()].filter((relation) => seenBy(context, relation)));
}

/**
 * The advisor companies that see one section of a family's canvas: those sharing all
 * sections or that one. For whoever may see the section; otherwise → 4.
 */
export async function listSectionAdvisorCompanies(session: Session, sectionId: number): Promise<AdvisorCompanyChipsResponse> {
  const familyId = familyOfSectionId(sectionId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  const context = await loadCanvas(session, familyId);
  if (!context.snapshot.sections.has(sectionId) || !context.canSee(sectionId)) throw fail('ITEM_NOT_FOUND');
  const seeing = [...context.snapshot.workRelations.values()].filter(
    (relation) => (!relation.sharedSectionIds?.length || relation.sharedSectionIds.includes(sectionId)) && seenBy(context, relation),
  );
  return chipsOf(seeing);
}
