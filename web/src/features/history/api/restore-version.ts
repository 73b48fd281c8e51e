import { RevertResponse, type HistoryEvent } from '../../../../../shared/contracts/history';
import { call } from '../../../lib/api-client';

/**
 * POST /api/canvas/history/{eventId}/restore[?familyId=N]: sets the event's item back to how
 * it was right after the event ("Restore this version"). `version` is the item's version the
 * user read; a later change refuses it with 409, code 71.
 */
export function restoreVersion(event: Pick<HistoryEvent, 'id'>, version: number, familyId?: number): Promise<RevertResponse> {
  return call('restoreVersion', { params: { eventId: event.id }, query: { familyId }, body: { version } });
}
