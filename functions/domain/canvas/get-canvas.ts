import type { Canvas } from '../../../shared/contracts/canvas';
import { loadCanvas, ownFamilyId } from './context';
import { toCanvas } from './views';
import { recordRead } from '../../records/visits';
import type { Session } from '../sessions/session';

/**
 * A family's canvas as the caller may see it (docs/product/canvas.md#calls): without a family id the caller's
 * own family's. Only visible sections, with their categories, active takeaways, goals and
 * action points. No canvas, or one the caller cannot see → ITEM_NOT_FOUND (4). Costs the
 * session read and one Query (docs/architecture.md#budgets budget).
 */
export async function getCanvas(session: Session, familyId?: number): Promise<Canvas> {
  const context = await loadCanvas(session, familyId ?? ownFamilyId(session));
  await recordRead(context, [...context.snapshot.sections.keys()].filter(context.canSee));
  return toCanvas(context);
}
