import { CompleteRequest, ContentIdPath, CreateGoalRequest, CreateInCategoryPath, UpdateGoalRequest } from '../../shared/contracts/canvas';
import { createGroupHandler, defineRoute } from '../lib/http';
import { completeGoal } from '../domain/canvas/complete-goal';
import { createGoal } from '../domain/canvas/create-content-item';
import { deleteGoal } from '../domain/canvas/delete-goal';
import { updateGoal } from '../domain/canvas/update-goal';

export const handler = createGroupHandler('canvas-goal', {
  createGoal: defineRoute({
    path: CreateInCategoryPath,
    body: CreateGoalRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createGoal(session, path.categoryId, body) }),
  }),
  updateGoal: defineRoute({
    path: ContentIdPath,
    body: UpdateGoalRequest,
    handler: async ({ session, path, body }) => ({ body: await updateGoal(session, path.id, body) }),
  }),
  completeGoal: defineRoute({
    path: ContentIdPath,
    body: CompleteRequest,
    handler: async ({ session, path, body }) => ({ body: await completeGoal(session, path.id, body.completed, body.version) }),
  }),
  deleteGoal: defineRoute({
    path: ContentIdPath,
    handler: async ({ session, path }) => {
      await deleteGoal(session, path.id);
      return { status: 204 };
    },
  }),
});
