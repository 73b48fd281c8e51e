import { Goal, type CreateGoalRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';

/** POST /api/canvas-goal/create/{categoryId} (docs/product/canvas.md#calls). */
export function createGoal(input: CreateGoalRequest): Promise<Goal> {
  return call('createGoal', { params: { categoryId: input.categoryId }, body: input, queueWhenOffline: true });
}
