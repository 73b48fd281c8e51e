import { createGroupHandler } from '../lib/http';
import { getCanvasShares } from '../domain/work-relations/get-canvas-shares';
import { updateCanvasShares } from '../domain/work-relations/update-canvas-shares';

export const handler = createGroupHandler('canvas-shares', {
  getCanvasShares: async ({ session, path }) => ({ body: await getCanvasShares(session, path.entityId) }),
  updateCanvasShares: async ({ session, path, body }) => ({ body: await updateCanvasShares(session, path.entityId, body.canvasSections, body.accessUntil) }),
});
