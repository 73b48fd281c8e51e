import { useMutation } from '@tanstack/react-query';
import { Takeaway, type CreateTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** POST /api/canvas-takeaway/create/{categoryId} (docs/product/canvas.md#calls): answers the new takeaway. */
export function createTakeaway(input: CreateTakeawayRequest): Promise<Takeaway> {
  return call('createTakeaway', { params: { categoryId: input.categoryId }, body: input, queueWhenOffline: true });
}

export function useCreateTakeaway() {
  const own = useApplyOwnWrite();
  // The answer goes into the cache; the live echo adds what it cannot carry (use-apply-canvas-change.ts).
  return useMutation({ mutationFn: createTakeaway, onSuccess: (item) => own.saved({ kind: 'takeaway', item }) });
}
