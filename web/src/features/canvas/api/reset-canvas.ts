import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** PATCH /api/canvas/reset (docs/product/canvas.md#rules): erases answers, takeaways, goals, actions and section sharing. */
export function resetCanvas(): Promise<void> {
  return call('resetCanvas');
}

export function useResetCanvas() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: resetCanvas, onSuccess: invalidate });
}
