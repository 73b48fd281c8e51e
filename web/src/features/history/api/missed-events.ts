import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { listHistory } from './list-history';

/** Where a canvas's history stood: the newest event when the canvas was read (the catch-up after a reconnect starts there: web/src/features/canvas/live/catch-up.ts). */
export type HistoryMark = Pick<HistoryEvent, 'id' | 'createdDate'>;

/** The newest event of a canvas (null for a canvas without history): where a later catch-up starts. */
export async function newestHistoryMark(familyId: number): Promise<HistoryMark | null> {
  const { results } = await listHistory({ familyId, limit: 1 });
  const newest = results[0];
  return newest ? { id: newest.id, createdDate: newest.createdDate } : null;
}
