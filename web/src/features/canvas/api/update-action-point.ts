import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type UpdateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-action-point/{id} (docs/product/canvas.md#calls): the update carries updatePriority true. */
export function updateActionPoint({ id, ...input }: UpdateActionPointRequest & { id: string }): Promise<ActionPoint> {
  return call('updateActionPoint', { params: { id }, body: { ...input, updatePriority: true } });
}

export function useUpdateActionPoint() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateActionPoint, onSuccess: invalidate });
}
