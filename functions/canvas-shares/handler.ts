import { createGroupHandler } from '../http/http';
import { canvasSharesRoutes } from '../../shared/routes/canvas-shares';
import { getCanvasShares } from '../domain/work-relations/get-canvas-shares';
import { updateCanvasShares } from '../domain/work-relations/update-canvas-shares';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-shares').then((module) => module.canvasSharesContract);

export const handler = createGroupHandler('canvas-shares', canvasSharesRoutes, contract, {
  getCanvasShares: async ({ session, path }) => ({ body: await getCanvasShares(session, path.entityId) }),
  updateCanvasShares: async ({ session, path, body }) => ({ body: await updateCanvasShares(session, path.entityId, body.canvasSections, body.accessUntil) }),
});
