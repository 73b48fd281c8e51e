import { createGroupHandler } from '../lib/idempotency';
import { canvasGoalRoutes } from '../../shared/routes/canvas-goal';
import { canvasGoalContract } from '../../shared/api-contract/canvas-goal';
import { completeGoal } from '../domain/canvas/complete-goal';
import { createGoal } from '../domain/canvas/create-content-item';
import { deleteGoal } from '../domain/canvas/delete-goal';
import { updateGoal } from '../domain/canvas/update-goal';

export const handler = createGroupHandler('canvas-goal', canvasGoalRoutes, canvasGoalContract, {
  createGoal: async ({ session, path, body }) => ({ status: 201, body: await createGoal(session, path.categoryId, body) }),
  updateGoal: async ({ session, path, body }) => ({ body: await updateGoal(session, path.id, body) }),
  completeGoal: async ({ session, path, body }) => ({ body: await completeGoal(session, path.id, body.completed, body.version) }),
  deleteGoal: async ({ session, path }) => {
    await deleteGoal(session, path.id);
    return { status: 204 };
  },
});
