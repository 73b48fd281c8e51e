import type { HistoryEvent } from '../../../shared/contracts/history';
import type { LiveCanvasChange } from '../../../shared/contracts/live';
import { canSeeSection } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { logger } from '../../lib/observability';
import { otherCompanyPeopleOf, type CanvasContext } from '../canvas/context';
import { queryCanvas } from '../../records/items';
import { linkSeenBy, liveCanvasChange, touchedItems } from '../canvas/live-view';
import { CanvasSnapshot } from '../canvas/context';
import { visibleEvent } from '../../records/journal-visibility';
import { forgetGoneConnection, listConnections, type LiveConnection } from '../../records/connections';
import { broadcastPresence, recheck, recheckCanvas } from '../sockets/revocation';
import { sendToSocket } from '../sockets/sockets';

/**
 * The sender's work: each new journal event goes to the sockets of its canvas whose reader
 * may see it, as `visibleEvent` (the one visibility filter, the same as GET
 * /api/canvas/history) shapes it for them, with the items it changed as that reader's canvas
 * read would show them now (functions/domain/canvas/live-view.ts: one Query of the canvas
 * per batch, read beside the sockets). Per canvas the events go out in journal order,
 * one after the other; canvases run in parallel. Before the first event every socket is
 * decided by the one access decision from the stored truth (revocation.ts recheck: one
 * BatchGet for all of them): a socket whose session ended (signed out, revoked, idle or
 * past its absolute end), whose member or relation went (accessUntil passed included) or
 * whose company's two-factor policy shuts it out is told why and closed, and gets none of
 * the events. An event that changes who sees what (shares, an advisor's role, a reset)
 * decides every socket of the canvas again before the events after it.
 */
const changesAccess = (event: HistoryEvent) =>
  event.itemType === 'shares' || event.itemType === 'advisor' || (event.itemType === 'canvas' && event.action === 'reset');

export async function deliverEvents(events: readonly HistoryEvent[]): Promise<void> {
  const byCanvas = new Map<number, HistoryEvent[]>();
  for (const event of events) byCanvas.set(event.familyId, [...(byCanvas.get(event.familyId) ?? []), event]);
  await Promise.all(
    [...byCanvas].map(([familyId, ofCanvas]) =>
      deliverToCanvas(
        familyId,
        ofCanvas.sort((a, b) => a.id.localeCompare(b.id)),
      ),
    ),
  );
}

/** Events that change items or the title: their readers get views built from the canvas. */
const showsOnCanvas = (event: HistoryEvent) => event.itemType !== 'shares' && event.itemType !== 'advisor';

/** How long before an event another person's change of an item it sends still counts as "changed since your last visit" (the browser keeps a mark it had). */
const changedLatelyMs = 60_000;

async function deliverToCanvas(familyId: number, events: HistoryEvent[]): Promise<void> {
  const [open, snapshot] = await Promise.all([
    listConnections(familyId).then((listed) => recheck(listed)),
    events.some(showsOnCanvas) ? queryCanvas(familyId).then(CanvasSnapshot.fromItems) : Promise.resolve(new CanvasSnapshot()),
  ]);
  let connections = open;
  const otherPeople = new Map<number, Promise<ReadonlySet<string>>>();
  const contextOf = async (connection: LiveConnection, event: HistoryEvent): Promise<CanvasContext> => {
    const { access } = connection;
    const company = access.kind === 'workRelation' ? access.membership.entityId : 0;
    if (!otherPeople.has(company)) otherPeople.set(company, otherCompanyPeopleOf(access, snapshot));
    return {
      familyId,
      userId: connection.userId,
      access,
      snapshot,
      canSee: (sectionId) => canSeeSection(access, sectionId),
      previousVisitAt: new Date(Date.parse(event.createdDate) - changedLatelyMs).toISOString(),
      actor: () => Promise.reject(new Error('a live view writes nothing')),
      otherCompanyPeople: await otherPeople.get(company)!,
    };
  };
  let left = false;
  let sent = 0;
  for (const event of events) {
    if (changesAccess(event)) connections = await recheckCanvas(familyId);
    const gone = new Set<LiveConnection>();
    const touched = touchedItems({ snapshot }, event);
    // One reader's tabs (same user, same access) get the same items: built once.
    const built = new Map<string, Promise<LiveCanvasChange>>();
    const changeFor = (connection: LiveConnection) => {
      const key = `${connection.userId} ${JSON.stringify(connection.access)}`;
      if (!built.has(key))
        built.set(
          key,
          contextOf(connection, event).then((context) => liveCanvasChange(context, event, touched)),
        );
      return built.get(key)!;
    };
    await Promise.all(
      connections.map(async (connection: LiveConnection) => {
        // Its changes name only the linked items this reader may see (from the canvas read above).
        const visible = visibleEvent(connection.access, event, linkSeenBy({ snapshot, canSee: (sectionId) => canSeeSection(connection.access, sectionId) }));
        if (!visible) return;
        const canvas = await changeFor(connection);
        const outcome = await sendToSocket(connection.connectionId, { type: 'change', event: visible, canvas }).catch((error: unknown) => {
          logger.warn('live change not sent', { connectionId: connection.connectionId, error: String(error) });
          return 'failed' as const;
        });
        if (outcome === 'gone') gone.add(connection);
        if (outcome === 'sent') sent += 1;
      }),
    );
    if (gone.size) {
      // Gone without a $disconnect (a dropped network): forgotten, and the others told.
      for (const connection of gone) left = (await forgetGoneConnection(connection, now().getTime())) || left;
      connections = connections.filter((connection) => !gone.has(connection));
    }
  }
  if (left) await broadcastPresence(familyId);
  if (sent) logger.info('live changes sent', { familyId, events: events.length, count: sent });
}
