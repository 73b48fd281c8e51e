import { familyOfContentId } from '../../../shared/canvas-ids';
import { pingsPerSecond, presenceMessagesPerSecond, type LiveClientMessage } from '../../../shared/contracts/live';
import { canSeeSection, type CanvasAccess } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { batchGetItems } from '../../lib/db/table';
import { keys } from '../../lib/db/keys';
import { connectionById, takePing, updatePresence, type LiveConnection, type Presence } from '../../records/connections';
import { templateOf } from '../sockets/canvas-template';
import { broadcastPresence, recheck } from '../sockets/revocation';
import { accepted, type SocketResult } from '../sockets/socket-result';
import { closeSocket, sendToSocket } from '../sockets/sockets';

/**
 * `$default`: a client's message (`presence`, `ping`; anything else was dropped before).
 * A presence message within the rate's gap is answered `presenceTooSoon`; a ping within its gap is
 * dropped unanswered, before the access decision (shared/contracts/live.ts).
 * Each first decides the socket again (revocation.ts recheck, the one access decision): a
 * socket whose session or right ended is told why and closed instead of answered, so an
 * idle or expired session's socket ends at its next ping (the app pings every few
 * minutes) even when nothing happens on the canvas. A socket without an item is closed at its
 * first message, so no socket stays open deaf to its canvas (docs/product/live.md "Broadcast").
 */
export async function receiveMessage(connectionId: string, message: LiveClientMessage): Promise<SocketResult> {
  const connection = await connectionById(connectionId);
  if (!connection) {
    // Open but no longer known (forgotten on a 410, connections.ts forgetGoneConnection): it would get nothing
    // more of its canvas. Closed without `closed`, so the app opens a new socket and reads the canvas again.
    await closeSocket(connectionId);
    return accepted;
  }
  const nowMs = now().getTime();
  if (message.action === 'ping') {
    if (!(await isPingTaken(connection, nowMs))) return accepted;
    // Decided first: a socket whose right ended gets `closed` instead of `pong`.
    if (!(await recheck([connection])).length) return accepted;
    await sendToSocket(connectionId, { type: 'pong' });
    return accepted;
  }
  const minIntervalMs = 1000 / presenceMessagesPerSecond;
  // Beyond the rate: not taken, before anything else is read (the conditional write below holds it across instances).
  // The client is told when to send its latest presence again: the rate is measured here, when the message is handled,
  // so a message the client spaced well can still come too soon after one that was handled late.
  const sinceTakenMs = nowMs - connection.presenceAt;
  if (sinceTakenMs < minIntervalMs) return tooSoon(connectionId, minIntervalMs - sinceTakenMs);
  const [decided, editedSectionId] = await Promise.all([recheck([connection]), sectionOfItem(connection.familyId, message.editingItemId)]);
  const current = decided[0];
  if (!current) return accepted;
  const presence = placeOf(current.familyId, current.access, message, editedSectionId);
  const taken = await updatePresence(current.familyId, connectionId, presence, nowMs, minIntervalMs);
  // Another instance took one of this socket's messages meanwhile (or the socket is gone: then nobody gets this).
  if (!taken) return tooSoon(connectionId, minIntervalMs);
  await broadcastPresence(current.familyId, { saidBy: current });
  return accepted;
}

/** Beyond pingsPerSecond a ping is dropped: judged from the item read already, then held across instances by the conditional write. */
async function isPingTaken(connection: LiveConnection, nowMs: number): Promise<boolean> {
  const minIntervalMs = 1000 / pingsPerSecond;
  if (connection.pingAt !== undefined && nowMs - connection.pingAt < minIntervalMs) return false;
  return takePing(connection.familyId, connection.connectionId, nowMs, minIntervalMs);
}

/** A presence message within the rate's gap: the client sends its latest presence again after `retryInMs`. */
async function tooSoon(connectionId: string, retryInMs: number): Promise<SocketResult> {
  await sendToSocket(connectionId, { type: 'presenceTooSoon', retryInMs: Math.ceil(retryInMs) });
  return accepted;
}

/** The section of the canvas item a client says it edits (an answer, takeaway, goal or action point of this canvas), if there is such an item. */
async function sectionOfItem(familyId: number, itemId: string | null | undefined): Promise<number | undefined> {
  if (!itemId || familyOfContentId(itemId) !== familyId) return undefined;
  const found = await batchGetItems<{ sectionId?: number }>(
    [keys.answer(familyId, itemId), keys.takeaway(familyId, itemId), keys.goal(familyId, itemId), keys.actionPoint(familyId, itemId)],
    'sectionId',
  );
  return found.find((item) => typeof item.sectionId === 'number')?.sectionId;
}

/**
 * Where a client says it is, kept only as far as it holds: a section of this canvas the
 * sender may see now, a category of that section, an item of this canvas that lies in
 * that section (`editedSectionId`: where the named item really is). Whatever does not
 * hold is null, so a place outside what the sender may see, or an item id from
 * elsewhere, is never passed on; each reader then gets a place only in a section it may
 * see (presenceFor).
 */
function placeOf(
  familyId: number,
  access: CanvasAccess,
  message: Extract<LiveClientMessage, { action: 'presence' }>,
  editedSectionId: number | undefined,
): Presence {
  const state = message.state ?? 'active';
  const { sections, categories } = templateOf(familyId);
  const category = message.categoryId == null ? undefined : categories.find((candidate) => candidate.id === message.categoryId);
  const sectionId = message.sectionId ?? category?.sectionId ?? null;
  if (sectionId === null || !sections.some((section) => section.id === sectionId) || !canSeeSection(access, sectionId)) {
    return { state, sectionId: null, categoryId: null, editingItemId: null };
  }
  const categoryId = category && category.sectionId === sectionId ? category.id : null;
  const editingItemId = message.editingItemId && editedSectionId === sectionId ? message.editingItemId : null;
  return { state, sectionId, categoryId, editingItemId };
}
