import { ActionPoint, type CompleteRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';

/** PATCH /api/canvas-action-point/complete/{id} (docs/product/canvas.md#rules): anyone with edit rights, so an assignee can tick it off. */
export function completeActionPoint({ id, ...input }: Versioned<CompleteRequest> & { id: string }): Promise<ActionPoint> {
  return call('completeActionPoint', { params: { id }, body: input, queueWhenOffline: true });
}
