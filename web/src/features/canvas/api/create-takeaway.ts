import { useMutation } from '@tanstack/react-query';
import { Takeaway, type CreateTakeawayRequest } from '../../../../../shared/contracts/canvas';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas-takeaway/create/{categoryId} (spec 02 §7): answers the new takeaway. */
export function createTakeaway(input: CreateTakeawayRequest): Promise<Takeaway> {
  return apiClient.post(`/canvas-takeaway/create/${input.categoryId}`, input, { schema: Takeaway });
}

export function useCreateTakeaway() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: createTakeaway, onSuccess: invalidate });
}
