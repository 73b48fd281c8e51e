import type { UpdateCanvasTitleResponse } from '../../shared/contracts/canvas';
import { EntityType } from '../../shared/enums';
import { canEditCanvasTitle } from '../../shared/permissions';
import { runSteps, withCanvasRetry } from '../lib/canvas/transaction';
import { getCanvasMeta, renameEntityCanvasOp, updateOp } from '../lib/db/canvas';
import { keys } from '../lib/db/keys';
import { fail } from '../lib/errors';
import { resolveActor, titleEntry } from '../lib/journal/journal';
import type { Session } from '../lib/session';

/**
 * Renames the current family's canvas (spec 02 §5: at least 3 characters): owner or admin,
 * or EditCanvasTitle, and never through a work relation (FORBIDDEN, 8). The family's
 * canvas name changes with it in the same transaction (sent again if it collides with
 * another write to the canvas or the entity). No canvas → ITEM_NOT_FOUND (4).
 */
export async function updateCanvasTitle(session: Session, title: string): Promise<UpdateCanvasTitleResponse> {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.Family) throw fail('FORBIDDEN');
  if (!canEditCanvasTitle({ kind: 'own', membership })) throw fail('FORBIDDEN');
  const familyId = membership.entityId;
  await withCanvasRetry(async () => {
    const meta = await getCanvasMeta(familyId);
    if (!meta) throw fail('ITEM_NOT_FOUND');
    if (meta.title === title) return;
    await runSteps(
      [
        { op: updateOp(keys.canvas(familyId), { set: { title } }, { expression: '#title = :before', values: { ':before': meta.title } }), onConditionFailed: () => 'retry' },
        { op: renameEntityCanvasOp(familyId, title), onConditionFailed: () => fail('ITEM_NOT_FOUND') },
      ],
      { familyId, actor: () => resolveActor(session), entries: [titleEntry('titleChanged', { familyId, before: meta.title, after: title })] },
    );
  });
  return { id: familyId, title };
}
