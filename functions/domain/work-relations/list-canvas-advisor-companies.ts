import type { AdvisorCompanyChipsResponse } from '../../../shared/contracts/work-relations';
import { loadCanvas, ownFamilyId } from '../canvas/context';
import type { Session } from '../sessions/session';
import { chipsOf, seenBy } from './advisor-company-chips';

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
