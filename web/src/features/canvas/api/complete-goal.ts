import { Goal, type CompleteRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';

/** PATCH /api/canvas-goal/complete/{id} (docs/product/canvas.md#rules): completes a goal or makes it active again. */
export function completeGoal({ id, ...input }: Versioned<CompleteRequest> & { id: string }): Promise<Goal> {
  return call('completeGoal', { params: { id }, body: input, queueWhenOffline: true });
}
