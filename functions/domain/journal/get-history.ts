import { eventIdPattern } from '../../../shared/contract-limits';
import type { HistoryPage, HistoryQuery } from '../../../shared/contracts/history';
import { loadCanvas, loadCanvasAccess, ownFamilyId, type CanvasContext } from '../canvas/context';
import { canvasChangeOf } from '../canvas/live-view';
import { nowEpochSeconds } from '../../lib/clock';
import { queryHistory } from '../../records/journal-reading';
import { visibleEvent } from '../../records/journal-visibility';
import { canSeeWholeCanvas } from '../../../shared/permissions';
import { linkSeenBy } from '../canvas/live-view';
import { openCursor, sealCursor } from '../../lib/input/cursor';
import type { Session } from '../sessions/session';

const defaultLimit = 50;

const isEventId = (value: unknown): value is string => typeof value === 'string' && eventIdPattern.test(value);

/** As on the live channel (functions/domain/live/deliver-changes.ts): another person's change this long before the catch-up's start still counts as "changed since your last visit". */
const changedLatelyMs = 60_000;

/**
 * A page of a family's history, newest first (the Activity panel; with `action=deleted`
 * the "Recently deleted" list of items not restored since). Only readers of the canvas
 * (else 4), and each sees only the events the policy lets them see (visibleEvent). A
 * section filter on a section the caller cannot see finds nothing, like an empty one.
 *
 * With `canvasSince` (the live channel's catch-up after a reconnect) the canvas is read too
 * (one Query instead of the access BatchGet; the access is decided on it the same way) and
 * the page carries `canvas`: what its events since then changed, as the caller's canvas read
 * shows it now, built by the live channel's own builder (functions/domain/canvas/live-view.ts)
 * for the same reader. The browser applies it by id and builds no view itself. Like a live
 * change, it is not recorded as a visit or in the access log.
 */
export async function getHistory(session: Session, familyIdParam: number | undefined, query: HistoryQuery): Promise<HistoryPage> {
  const familyId = familyIdParam ?? ownFamilyId(session);
  const since = query.canvasSince;
  let context: CanvasContext | undefined = since === undefined ? undefined : await loadCanvas(session, familyId);
  const { access } = context ?? (await loadCanvasAccess(session, familyId));
  // A reader limited to some sections sees a change's links only into items of their
  // sections: that needs the canvas read (one Query; readers of the whole canvas skip it).
  if (!context && !canSeeWholeCanvas(access)) context = await loadCanvas(session, familyId);
  const linkSeen = context ? linkSeenBy(context) : undefined;
  const limit = query.limit ?? defaultLimit;
  // The cursor is sealed for this family's feed (or its deleted list, or one item's history): lib/input/cursor.ts.
  const scope = `history:${familyId}:${query.itemId ? `item:${query.itemId}` : query.action === 'deleted' ? 'deleted' : 'all'}`;
  const { events, resumeAfter } = await queryHistory(familyId, {
    limit,
    cursor: await openCursor(scope, query.cursor, isEventId),
    filter: { userId: query.userId, sectionId: query.sectionId, itemType: query.itemType, action: query.action, itemId: query.itemId },
    keep: (event) => visibleEvent(access, event) !== null,
    nowSeconds: nowEpochSeconds(),
  });
  const results = events
    .slice(0, limit)
    .map((event) => visibleEvent(access, event, linkSeen))
    .filter((event) => event !== null);
  // A full page goes on after its last event; a page the read bound stopped (journal.ts
  // maxHistoryPagesPerRequest), after the last event it read, even with few or no results.
  const next = events.length > limit ? await sealCursor(scope, results.at(-1)?.id) : resumeAfter ? await sealCursor(scope, resumeAfter) : null;
  if (!context || since === undefined) return { results, next };
  const sinceMs = Date.parse(since);
  const caughtUp = events.slice(0, limit).filter((event) => Date.parse(event.createdDate) >= sinceMs);
  const canvas = canvasChangeOf({ ...context, previousVisitAt: new Date(sinceMs - changedLatelyMs).toISOString() }, caughtUp.reverse());
  return { results, next, canvas };
}
