import { familyOfSectionId } from '../../../shared/canvas-ids';
import type { SectionResponse } from '../../../shared/contracts/canvas';
import { loadCanvas } from './context';
import { toSection } from './views';
import { fail } from '../../lib/errors';
import { recordRead } from '../../records/visits';
import type { Session } from '../sessions/session';

/** One section with its categories and their content; a section the caller cannot see → ITEM_NOT_FOUND (4). */
export async function getSection(session: Session, sectionId: number): Promise<SectionResponse> {
  const familyId = familyOfSectionId(sectionId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  const context = await loadCanvas(session, familyId);
  const section = context.snapshot.sections.get(sectionId);
  if (!section || !context.canSee(section.id)) throw fail('ITEM_NOT_FOUND');
  await recordRead(context, [section.id]);
  return toSection(context, section);
}
