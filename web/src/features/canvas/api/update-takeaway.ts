import { Takeaway, type UpdateTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';

/** PATCH /api/canvas-takeaway/{id} (docs/product/canvas.md#calls): the form as it stands; links change on both sides. */
export function updateTakeaway({ id, ...input }: Versioned<UpdateTakeawayRequest> & { id: string }): Promise<Takeaway> {
  return call('updateTakeaway', { params: { id }, body: input, queueWhenOffline: true });
}
