import { messageKeys } from '../../../shared/validation-keys';
import type { SectionItem } from '../../records/items';
import { listCanvasSections } from '../../records/work-relations';
import { EntityType } from '../../../shared/enums';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';

/** The message of docs/product/errors.md#work-relations-errors for section ids a canvas does not have. */
export const invalidCanvasRightsMessage = 'Invalid Canvas Rights';

/**
 * The family's canvas sections, after checking that every id asked for is one of them
 * (empty asks for all). An unknown id, or any id while the family has no canvas yet,
 * answers INCORRECT_INPUT (6) 'Invalid Canvas Rights' on the canvasSections field.
 */
export async function requireCanvasSectionIds(familyId: number, sectionIds: readonly number[]): Promise<SectionItem[]> {
  const sections = await listCanvasSections(familyId);
  const known = new Set(sections.map((section) => section.id));
  if (sectionIds.some((id) => !known.has(id))) {
    throw fail('INCORRECT_INPUT', { message: invalidCanvasRightsMessage, errors: { canvasSections: [messageKeys.invalidInput] } });
  }
  return sections;
}

/** The sections of `ids` (empty: none — the caller shows 'all sections'), in canvas order; ids no longer on the canvas are left out. */
export function sharedSectionsOf(sections: readonly SectionItem[], ids: readonly number[]): Array<{ id: number; title: string }> {
  const wanted = new Set(ids);
  return sections.filter((section) => wanted.has(section.id)).map((section) => ({ id: section.id, title: section.title }));
}

/** The current family, whose canvas shares a call means (only a family shares its canvas; another type → FORBIDDEN, 8). */
export function requireSharingFamily(session: Session) {
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.Family) throw fail('FORBIDDEN');
  return membership;
}
