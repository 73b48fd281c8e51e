import { call } from '../../../lib/api-client';

/** DELETE /api/canvas-action-point/{id} (docs/product/canvas.md#rules, #permissions): deletes an action point with its links. */
export function deleteActionPoint(id: string): Promise<void> {
  return call('deleteActionPoint', { params: { id } });
}
