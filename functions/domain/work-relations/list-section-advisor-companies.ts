import type { AdvisorCompanyChipsResponse } from '../../../shared/contracts/work-relations';
import { familyOfSectionId } from '../../../shared/canvas-ids';
import { fail } from '../../lib/errors';
import { loadCanvas } from '../canvas/context';
import type { Session } from '../sessions/session';
import { chipsOf, seenBy } from './advisor-company-chips';

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
