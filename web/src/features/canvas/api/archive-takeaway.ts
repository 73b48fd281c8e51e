import { useMutation } from '@tanstack/react-query';
import { Takeaway, type ArchiveTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-takeaway/archive/{id} (docs/product/canvas.md#rules): archives a takeaway or brings it back. */
export function archiveTakeaway({ id, ...input }: Versioned<ArchiveTakeawayRequest> & { id: string }): Promise<Takeaway> {
  return call('archiveTakeaway', { params: { id }, body: input, queueWhenOffline: true });
}

export function useArchiveTakeaway() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: archiveTakeaway, onSuccess: (item) => own.saved({ kind: 'takeaway', item }) });
}
