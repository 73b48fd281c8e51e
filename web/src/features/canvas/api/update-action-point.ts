import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type UpdateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-action-point/{id} (spec 02 §7): the update carries updatePriority true. */
export function updateActionPoint({ id, ...input }: UpdateActionPointRequest & { id: string }): Promise<ActionPoint> {
  return apiClient.patch(`/canvas-action-point/${encodeURIComponent(id)}`, { ...input, updatePriority: true }, { schema: ActionPoint });
}

export function useUpdateActionPoint() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: updateActionPoint, onSuccess: invalidate });
}
