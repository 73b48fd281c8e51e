import type { HistoryEvent } from '../../../shared/contracts/history';

/** A moment of 12 March 2026, 09:00 UTC, `second` seconds after. */
export const at = (second: number) => new Date(Date.UTC(2026, 2, 12, 9, 0, second)).toISOString();

/** Sofia Rivera created goal `n` of the Rivera Family's canvas, at second `n` unless said. */
export const aHistoryEvent = (n: number, createdDate = at(n)): HistoryEvent => ({
  id: `mf${String(n).padStart(10, '0')}aaaaaaaaaa`,
  createdDate,
  familyId: 7,
  actor: { userId: 'u-sofia', firstName: 'Sofia', lastName: 'Rivera', entityId: 7, entityName: 'Rivera Family', entityTypeId: 1 },
  action: 'created',
  itemType: 'goal',
  itemId: `goal-${n}`,
  sectionId: 1,
  categoryId: 11,
  title: `Goal ${n}`,
  batchId: `batch-${n}`,
  revertsEventId: null,
  before: null,
  after: null,
});
