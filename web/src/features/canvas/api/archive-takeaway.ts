import { useMutation } from '@tanstack/react-query';
import { Takeaway, type ArchiveTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-takeaway/archive/{id} (docs/product/canvas.md#rules): archives a takeaway or brings it back. */
export function archiveTakeaway({ id, ...input }: ArchiveTakeawayRequest & { id: string }): Promise<Takeaway> {
  return call('archiveTakeaway', { params: { id }, body: input });
}

export function useArchiveTakeaway() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: archiveTakeaway, onSuccess: invalidate });
}
