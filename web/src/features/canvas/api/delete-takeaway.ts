import { call } from '../../../lib/api-client';

/** DELETE /api/canvas-takeaway/{id} (docs/product/canvas.md#rules, #permissions): deletes a takeaway with its votes and links. */
export function deleteTakeaway(id: string): Promise<void> {
  return call('deleteTakeaway', { params: { id } });
}
