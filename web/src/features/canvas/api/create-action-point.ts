import { useMutation } from '@tanstack/react-query';
import { ActionPoint, type CreateActionPointRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-action-point/create/{categoryId} (docs/product/canvas.md#calls). */
export function createActionPoint(input: CreateActionPointRequest): Promise<ActionPoint> {
  return call('createActionPoint', { params: { categoryId: input.categoryId }, body: input });
}

export function useCreateActionPoint() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: createActionPoint, onSuccess: invalidate });
}
