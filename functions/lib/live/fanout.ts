import type { HistoryEvent } from '../../../shared/contracts/history';
import { forgetGoneConnection, listConnections, type LiveConnection } from '../db/live-connections';
import { now } from '../clock';
import { visibleEvent } from '../journal/journal';
import { log } from '../logger';
import { broadcastPresence, openConnections } from './presence';
import { closeConnection, recheckCanvas } from './revocation';
import { sendToSocket } from './sockets';

/**
 * The sender's work: each new journal event goes to the sockets of its canvas whose reader
 * may see it, as `visibleEvent` (the one visibility filter, the same as GET
 * /api/canvas/history) shapes it for them. Per canvas the events go out in journal order,
 * one after the other; canvases run in parallel. An event that changes who sees what
 * (shares, an advisor's role, a reset) first decides every socket of the canvas again.
 */
const changesAccess = (event: HistoryEvent) => event.itemType === 'shares' || event.itemType === 'advisor' || (event.itemType === 'canvas' && event.action === 'reset');

export async function deliverEvents(events: readonly HistoryEvent[]): Promise<void> {
  const byCanvas = new Map<number, HistoryEvent[]>();
  for (const event of events) byCanvas.set(event.familyId, [...(byCanvas.get(event.familyId) ?? []), event]);
  await Promise.all([...byCanvas].map(([familyId, ofCanvas]) => deliverToCanvas(familyId, ofCanvas.sort((a, b) => a.id.localeCompare(b.id)))));
}

async function deliverToCanvas(familyId: number, events: HistoryEvent[]): Promise<void> {
  const all = await listConnections(familyId);
  let connections = openConnections(all);
  let left = false;
  // Past their two hours (or their session's end): told so and closed.
  for (const expired of all.filter((connection) => !connections.includes(connection))) left = (await closeConnection(expired, 'expired')) || left;
  let sent = 0;
  for (const event of events) {
    if (changesAccess(event)) connections = await recheckCanvas(familyId);
    const gone = new Set<LiveConnection>();
    await Promise.all(
      connections.map(async (connection: LiveConnection) => {
        const visible = visibleEvent(connection.access, event);
        if (!visible) return;
        const outcome = await sendToSocket(connection.connectionId, { type: 'change', event: visible }).catch((error: unknown) => {
          log('warn', 'live change not sent', { connectionId: connection.connectionId, error: String(error) });
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
  if (sent) log('info', 'live changes sent', { familyId, events: events.length, count: sent });
}
