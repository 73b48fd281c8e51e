import { call } from '../../../lib/api-client';

/** DELETE /api/canvas-goal/{id} (docs/product/canvas.md#rules, #permissions): deletes a goal with its links. */
export function deleteGoal(id: string): Promise<void> {
  return call('deleteGoal', { params: { id } });
}
