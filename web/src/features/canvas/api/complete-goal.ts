import { useMutation } from '@tanstack/react-query';
import { Goal, type CompleteRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas-goal/complete/{id} (docs/product/canvas.md#rules): completes a goal or makes it active again. */
export function completeGoal({ id, ...input }: CompleteRequest & { id: string }): Promise<Goal> {
  return call('completeGoal', { params: { id }, body: input });
}

export function useCompleteGoal() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: completeGoal, onSuccess: invalidate });
}
