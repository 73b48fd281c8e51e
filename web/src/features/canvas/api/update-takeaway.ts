import { useMutation } from '@tanstack/react-query';
import { Takeaway, type UpdateTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-takeaway/{id} (docs/product/canvas.md#calls): the form as it stands; links change on both sides. */
export function updateTakeaway({ id, ...input }: UpdateTakeawayRequest & { id: string }): Promise<Takeaway> {
  return call('updateTakeaway', { params: { id }, body: input });
}

export function useUpdateTakeaway() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateTakeaway, onSuccess: invalidate });
}
