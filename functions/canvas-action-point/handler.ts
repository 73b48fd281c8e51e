import { CompleteRequest, ContentIdPath, CreateActionPointRequest, CreateInCategoryPath, UpdateActionPointRequest } from '../../shared/contracts/canvas';
import { createGroupHandler, defineRoute } from '../lib/http';
import { completeActionPoint } from '../domain/canvas/complete-action-point';
import { createActionPoint } from '../domain/canvas/create-content-item';
import { deleteActionPoint } from '../domain/canvas/delete-action-point';
import { listMyActionPoints } from '../domain/canvas/list-my-action-points';
import { updateActionPoint } from '../domain/canvas/update-action-point';

export const handler = createGroupHandler('canvas-action-point', {
  createActionPoint: defineRoute({
    path: CreateInCategoryPath,
    body: CreateActionPointRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createActionPoint(session, path.categoryId, body) }),
  }),
  updateActionPoint: defineRoute({
    path: ContentIdPath,
    body: UpdateActionPointRequest,
    handler: async ({ session, path, body }) => ({ body: await updateActionPoint(session, path.id, body) }),
  }),
  completeActionPoint: defineRoute({
    path: ContentIdPath,
    body: CompleteRequest,
    handler: async ({ session, path, body }) => ({ body: await completeActionPoint(session, path.id, body.completed, body.version) }),
  }),
  deleteActionPoint: defineRoute({
    path: ContentIdPath,
    handler: async ({ session, path }) => {
      await deleteActionPoint(session, path.id);
      return { status: 204 };
    },
  }),
  listMyActionPoints: defineRoute({
    handler: async ({ session }) => ({ body: await listMyActionPoints(session) }),
  }),
});
