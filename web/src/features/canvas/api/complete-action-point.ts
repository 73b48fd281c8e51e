import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type CompleteRequest } from '../../../../../shared/contracts/canvas';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-action-point/complete/{id} (spec 02 §4): anyone with edit rights, so an assignee can tick it off. */
export function completeActionPoint({ id, ...input }: CompleteRequest & { id: string }): Promise<ActionPoint> {
  return apiClient.patch(`/canvas-action-point/complete/${encodeURIComponent(id)}`, input, { schema: ActionPoint });
}

export function useCompleteActionPoint() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: completeActionPoint, onSuccess: invalidate });
}
