import { createGroupHandler } from '../lib/http';
import { canvasSharesRoutes } from '../../shared/routes/canvas-shares';
import { canvasSharesContract } from '../../shared/api-contract/canvas-shares';
import { getCanvasShares } from '../domain/work-relations/get-canvas-shares';
import { updateCanvasShares } from '../domain/work-relations/update-canvas-shares';

export const handler = createGroupHandler('canvas-shares', canvasSharesRoutes, canvasSharesContract, {
  getCanvasShares: async ({ session, path }) => ({ body: await getCanvasShares(session, path.entityId) }),
  updateCanvasShares: async ({ session, path, body }) => ({ body: await updateCanvasShares(session, path.entityId, body.canvasSections, body.accessUntil) }),
});
