import { createGroupHandler } from '../http/idempotency';
import { canvasGoalRoutes } from '../../shared/routes/canvas-goal';
import { completeGoal } from '../domain/canvas/complete-goal';
import { createGoal } from '../domain/canvas/create-content-item';
import { deleteGoal } from '../domain/canvas/delete-goal';
import { updateGoal } from '../domain/canvas/update-goal';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-goal').then((module) => module.canvasGoalContract);

export const handler = createGroupHandler('canvas-goal', canvasGoalRoutes, contract, {
  createGoal: async ({ session, path, body }) => ({ status: 201, body: await createGoal(session, path.categoryId, body) }),
  updateGoal: async ({ session, path, body }) => ({ body: await updateGoal(session, path.id, body) }),
  completeGoal: async ({ session, path, body }) => ({ body: await completeGoal(session, path.id, body.completed, body.version) }),
  deleteGoal: async ({ session, path }) => {
    await deleteGoal(session, path.id);
    return { status: 204 };
  },
});
