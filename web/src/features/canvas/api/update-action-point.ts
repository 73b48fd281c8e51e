import { ActionPoint, type UpdateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';

/** PATCH /api/canvas-action-point/{id} (docs/product/canvas.md#calls): the update carries updatePriority true. */
export function updateActionPoint({ id, ...input }: Versioned<UpdateActionPointRequest> & { id: string }): Promise<ActionPoint> {
  return call('updateActionPoint', { params: { id }, body: { ...input, updatePriority: true }, queueWhenOffline: true });
}
