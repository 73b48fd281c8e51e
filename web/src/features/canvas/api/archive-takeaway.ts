import { Takeaway, type ArchiveTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';

/** PATCH /api/canvas-takeaway/archive/{id} (docs/product/canvas.md#rules): archives a takeaway or brings it back. */
export function archiveTakeaway({ id, ...input }: Versioned<ArchiveTakeawayRequest> & { id: string }): Promise<Takeaway> {
  return call('archiveTakeaway', { params: { id }, body: input, queueWhenOffline: true });
}
