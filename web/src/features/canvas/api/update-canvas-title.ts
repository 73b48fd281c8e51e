import { useMutation } from '@tanstack/react-query';
import { UpdateCanvasTitleResponse, type UpdateCanvasTitleRequest } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useApplyOwnWrite } from '../live/use-apply-canvas-change';

/** PATCH /api/canvas (docs/product/canvas.md#validation): renames the current family's canvas, at least 3 characters. */
export function updateCanvasTitle(input: UpdateCanvasTitleRequest): Promise<UpdateCanvasTitleResponse> {
  return call('updateCanvasTitle', { body: input, queueWhenOffline: true });
}

export function useUpdateCanvasTitle() {
  const own = useApplyOwnWrite();
  return useMutation({ mutationFn: updateCanvasTitle, onSuccess: (canvas) => own.titled(canvas.title) });
}
