import { Takeaway, type CreateTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';

/** POST /api/canvas-takeaway/create/{categoryId} (docs/product/canvas.md#calls): answers the new takeaway. */
export function createTakeaway(input: CreateTakeawayRequest): Promise<Takeaway> {
  return call('createTakeaway', { params: { categoryId: input.categoryId }, body: input, queueWhenOffline: true });
}
