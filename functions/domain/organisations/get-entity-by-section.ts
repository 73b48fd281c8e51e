import type { SectionEntity } from '../../../shared/contracts/work-relations';
import { familyOfSectionId } from '../../../shared/canvas-ids';
import { loadCanvas } from '../canvas/context';
import { getEntity } from '../../records/entities';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/**
 * The family a canvas section belongs to, with its canvas title and the section's title,
 * for whoever may see that section (its members, advisors it is shared with); anybody
 * else → ITEM_NOT_FOUND (4); a number that is no section id → INCORRECT_INPUT (6).
 * The canvas Query and a GetItem of the family, in parallel.
 */
export async function getEntityBySection(session: Session, sectionId: number): Promise<SectionEntity> {
  const familyId = familyOfSectionId(sectionId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  const [context, entity] = await Promise.all([loadCanvas(session, familyId), getEntity(familyId)]);
  const section = context.snapshot.sections.get(sectionId);
  if (!section || !context.canSee(sectionId) || !entity) throw fail('ITEM_NOT_FOUND');
  return {
    id: entity.id,
    entityName: entity.entityName,
    entityTypeId: entity.entityTypeId,
    canvasId: familyId,
    canvasTitle: context.snapshot.meta?.title ?? '',
    sectionId,
    sectionTitle: section.title,
  };
}
