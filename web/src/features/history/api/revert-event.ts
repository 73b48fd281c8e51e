import { RevertResponse, type HistoryEvent } from '../../../../../shared/contracts/history';
import { call } from '../../../lib/api-client';

/**
 * POST /api/canvas/history/{eventId}/revert[?familyId=N]: undoes the event's whole batch
 * (an advisor names the family). Refused with 409, code 71 when the item changed since.
 */
export function revertEvent(event: Pick<HistoryEvent, 'id'>, familyId?: number): Promise<RevertResponse> {
  return call('revertEvent', { params: { eventId: event.id }, query: { familyId } });
}
