import { ActionPoint, type CreateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';

/** POST /api/canvas-action-point/create/{categoryId} (docs/product/canvas.md#calls). */
export function createActionPoint(input: CreateActionPointRequest): Promise<ActionPoint> {
  return call('createActionPoint', { params: { categoryId: input.categoryId }, body: input, queueWhenOffline: true });
}
