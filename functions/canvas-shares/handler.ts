import { EntityIdPath } from '../../shared/contracts/entities';
import { UpdateCanvasSharesRequest } from '../../shared/contracts/work-relations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { getCanvasShares } from '../domain/work-relations/get-canvas-shares';
import { updateCanvasShares } from '../domain/work-relations/update-canvas-shares';

export const handler = createGroupHandler('canvas-shares', {
  getCanvasShares: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getCanvasShares(session, path.entityId) }),
  }),
  updateCanvasShares: defineRoute({
    path: EntityIdPath,
    body: UpdateCanvasSharesRequest,
    handler: async ({ session, path, body }) => ({ body: await updateCanvasShares(session, path.entityId, body.canvasSections, body.accessUntil) }),
  }),
});
