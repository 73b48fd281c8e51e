import { eventIdField, type HistoryPage, type HistoryQuery } from '../../../shared/contracts/history';
import { loadCanvasAccess, ownFamilyId } from '../canvas/context';
import { nowEpochSeconds } from '../../lib/clock';
import { queryHistory, visibleEvent } from './journal';
import { openCursor, sealCursor } from '../../lib/input/cursor';
import type { Session } from '../sessions/session';

const defaultLimit = 50;

const isEventId = (value: unknown): value is string => eventIdField().safeParse(value).success;

/**
 * A page of a family's history, newest first (the Activity panel; with `action=deleted`
 * the "Recently deleted" list of items not restored since). Only readers of the canvas
 * (else 4), and each sees only the events the policy lets them see (visibleEvent). A
 * section filter on a section the caller cannot see finds nothing, like an empty one.
 */
export async function getHistory(session: Session, familyIdParam: number | undefined, query: HistoryQuery): Promise<HistoryPage> {
  const familyId = familyIdParam ?? ownFamilyId(session);
  const { access } = await loadCanvasAccess(session, familyId);
  const limit = query.limit ?? defaultLimit;
  // The cursor is sealed for this family's feed (or its deleted list): lib/input/cursor.ts.
  const scope = `history:${familyId}:${query.action === 'deleted' ? 'deleted' : 'all'}`;
  const events = await queryHistory(familyId, {
    limit,
    cursor: openCursor(scope, query.cursor, isEventId),
    filter: { userId: query.userId, sectionId: query.sectionId, itemType: query.itemType, action: query.action },
    keep: (event) => visibleEvent(access, event) !== null,
    nowSeconds: nowEpochSeconds(),
  });
  const results = events
    .slice(0, limit)
    .map((event) => visibleEvent(access, event))
    .filter((event) => event !== null);
  return { results, next: events.length > limit ? sealCursor(scope, results.at(-1)?.id) : null };
}
