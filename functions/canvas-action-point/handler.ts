import { createGroupHandler } from '../http/idempotency';
import { canvasActionPointRoutes } from '../../shared/routes/canvas-action-point';
import { completeActionPoint } from '../domain/canvas/complete-action-point';
import { createActionPoint } from '../domain/canvas/create-content-item';
import { deleteActionPoint } from '../domain/canvas/delete-action-point';
import { listMyActionPoints } from '../domain/canvas/list-my-action-points';
import { updateActionPoint } from '../domain/canvas/update-action-point';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-action-point').then((module) => module.canvasActionPointContract);

export const handler = createGroupHandler('canvas-action-point', canvasActionPointRoutes, contract, {
  createActionPoint: async ({ session, path, body }) => ({ status: 201, body: await createActionPoint(session, path.categoryId, body) }),
  updateActionPoint: async ({ session, path, body }) => ({ body: await updateActionPoint(session, path.id, body) }),
  completeActionPoint: async ({ session, path, body }) => ({ body: await completeActionPoint(session, path.id, body.completed, body.version) }),
  deleteActionPoint: async ({ session, path }) => {
    await deleteActionPoint(session, path.id);
    return { status: 204 };
  },
  listMyActionPoints: async ({ session }) => ({ body: await listMyActionPoints(session) }),
});
