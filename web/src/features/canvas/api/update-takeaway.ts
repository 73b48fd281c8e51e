import { useMutation } from '@tanstack/react-query';
import { Takeaway, type UpdateTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call, type Versioned } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas-takeaway/{id} (docs/product/canvas.md#calls): the form as it stands; links change on both sides. */
export function updateTakeaway({ id, ...input }: Versioned<UpdateTakeawayRequest> & { id: string }): Promise<Takeaway> {
  return call('updateTakeaway', { params: { id }, body: input, queueWhenOffline: true });
}

export function useUpdateTakeaway() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: updateTakeaway, onSuccess: (item) => own.saved({ kind: 'takeaway', item }) });
}
