import type { UpdateCanvasTitleRequest, UpdateCanvasTitleResponse } from '../../../shared/contracts/canvas';
import { EntityType } from '../../../shared/enums';
import { canChooseAdvisorCompanyVisibility, canEditCanvasTitle } from '../../../shared/permissions';
import { runSteps, withCanvasRetry } from './context';
import { advisorCompaniesVisibilityWrite, getCanvasMeta, renameEntityCanvasOp, updateOp } from '../../records/items';
import { keys } from '../../lib/db/keys';
import { sendWrite, attributeIs } from '../../lib/db/table';
import { fail } from '../../lib/errors';
import { resolveActor, titleEntry } from '../../records/journal-recording';
import type { Session } from '../sessions/session';

/**
 * Changes the current family's canvas settings (PATCH /api/canvas). The title (at least 3
 * characters): owner or admin, or EditCanvasTitle, and never through a work
 * relation (FORBIDDEN, 8); the family's canvas name changes with it in the same
 * transaction (sent again if it collides with another write to the canvas or the entity).
 * Whether advisors see the other advisor companies: owners and admins only
 * (canChooseAdvisorCompanyVisibility, else 8), kept on the canvas item so every canvas read
 * knows it without another round trip. No canvas → ITEM_NOT_FOUND (4).
 */
export async function updateCanvasTitle(session: Session, input: UpdateCanvasTitleRequest): Promise<UpdateCanvasTitleResponse> {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.Family) throw fail('FORBIDDEN');
  const access = { kind: 'own', membership } as const;
  if (input.title !== undefined && !canEditCanvasTitle(access)) throw fail('FORBIDDEN');
  if (input.advisorCompaniesVisibleToAdvisors !== undefined && !canChooseAdvisorCompanyVisibility(access)) throw fail('FORBIDDEN');
  const familyId = membership.entityId;
  const { title } = input;
  let result: UpdateCanvasTitleResponse = { id: familyId, title: '', advisorCompaniesVisibleToAdvisors: false };
  await withCanvasRetry(async () => {
    const meta = await getCanvasMeta(familyId);
    if (!meta) throw fail('ITEM_NOT_FOUND');
    const visible = input.advisorCompaniesVisibleToAdvisors ?? meta.advisorCompaniesVisibleToAdvisors === true;
    result = { id: familyId, title: title ?? meta.title, advisorCompaniesVisibleToAdvisors: visible };
    if (visible !== (meta.advisorCompaniesVisibleToAdvisors === true)) {
      await sendWrite(advisorCompaniesVisibilityWrite(familyId, visible));
    }
    if (title === undefined || meta.title === title) return;
    await runSteps(
      [
        {
          op: updateOp(keys.canvas(familyId), { set: { title } }, attributeIs('title', meta.title)),
          onConditionFailed: () => 'retry',
        },
        { op: renameEntityCanvasOp(familyId, title), onConditionFailed: () => fail('ITEM_NOT_FOUND') },
      ],
      { familyId, actor: () => resolveActor(session), entries: [titleEntry('titleChanged', { familyId, before: meta.title, after: title })] },
    );
  });
  return result;
}
