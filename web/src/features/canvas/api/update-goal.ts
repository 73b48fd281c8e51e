import { Goal, type UpdateGoalRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';

/** PATCH /api/canvas-goal/{id} (docs/product/canvas.md#permissions): only the creator, and not while completed. */
export function updateGoal({ id, ...input }: Versioned<UpdateGoalRequest> & { id: string }): Promise<Goal> {
  return call('updateGoal', { params: { id }, body: input, queueWhenOffline: true });
}
