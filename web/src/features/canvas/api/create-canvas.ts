import { useMutation } from '@tanstack/react-query';
import { Canvas } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { useInvalidateCanvasContent } from './keys';

/** POST /api/canvas/create (docs/product/canvas.md#calls): the current family's canvas from the default template. */
export function createCanvas(): Promise<Canvas> {
  return call('createCanvas');
}

export function useCreateCanvas() {
  const invalidate = useInvalidateCanvasContent();
  return useMutation({ mutationFn: createCanvas, onSuccess: invalidate });
}
