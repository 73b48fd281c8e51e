import { createGroupHandler } from '../lib/http';
import { getCanvasShares, updateCanvasShares } from './canvas-shares';

export const handler = createGroupHandler('canvas-shares', {
  getCanvasShares: async ({ session, path }) => ({ body: await getCanvasShares(session, path.entityId) }),
  updateCanvasShares: async ({ session, path, body }) => ({ body: await updateCanvasShares(session, path.entityId, body.canvasSections, body.accessUntil) }),
});
