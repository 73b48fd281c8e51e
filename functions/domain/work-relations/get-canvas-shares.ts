import type { CanvasSharesResponse } from '../../../shared/contracts/work-relations';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { listCanvasSections, getWorkRelation } from '../../records/work-relations';
import { requireSharingFamily, sharedSectionsOf } from './sections';

/**
 * The sections the current family shares with an advisor company (docs/product/canvas.md#canvas-overview
 * rights tab), in canvas order; empty means all. Any member of the family may look; a
 * company without a relation to the family → ITEM_NOT_FOUND (4). A GetItem and a Query, in parallel.
 */
export async function getCanvasShares(session: Session, advisorId: number): Promise<CanvasSharesResponse> {
  const familyId = requireSharingFamily(session).entityId;
  const [relation, sections] = await Promise.all([getWorkRelation(familyId, advisorId), listCanvasSections(familyId)]);
  if (!relation) throw fail('ITEM_NOT_FOUND');
  return { canvasSections: sharedSectionsOf(sections, relation.sharedSectionIds ?? []), accessUntil: relation.accessUntil ?? null };
}
