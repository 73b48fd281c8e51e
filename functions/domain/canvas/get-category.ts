import { familyOfCategoryId } from '../../../shared/canvas-ids';
import type { CategoryResponse } from '../../../shared/contracts/canvas';
import { loadCanvas, requireVisibleCategory } from './context';
import { toCategory } from './views';
import { fail } from '../../lib/errors';
import { recordRead } from '../../records/visits';
import type { Session } from '../sessions/session';

/**
 * The full-screen category (docs/product/canvas.md#screens, #calls): questions with answers and votes, takeaways
 * (archived ones too), goals and action points, and the items of other categories they
 * link to. The family follows from the id; a category the caller cannot see →
 * ITEM_NOT_FOUND (4). Costs the session read and one Query.
 */
export async function getCategory(session: Session, categoryId: number): Promise<CategoryResponse> {
  const familyId = familyOfCategoryId(categoryId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  const context = await loadCanvas(session, familyId);
  const category = requireVisibleCategory(context, categoryId);
  await recordRead(context, [category.sectionId]);
  return toCategory(context, category);
}
