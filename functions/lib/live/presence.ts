import type { PresenceMember } from '../../../shared/contracts/live';
import { canSeeSection, isOtherAdvisorCompany, type CanvasAccess } from '../../../shared/permissions';
import { now, nowEpochSeconds } from '../clock';
import { forgetGoneConnection, listConnections, type LiveConnection } from '../db/live-connections';
import { log } from '../logger';
import { sendToSocket } from './sockets';

/**
 * Who is on a canvas (the `presence` message). One entry per person: with several tabs
 * open, the socket whose presence changed last speaks for them. Where somebody is (section,
 * category, the item they edit) passes the same policy as everything else: a reader who
 * cannot see that section gets null for all three.
 */
export function presenceMembers(connections: readonly LiveConnection[]): Array<PresenceMember> {
  const latest = new Map<string, LiveConnection>();
  for (const connection of connections) {
    const known = latest.get(connection.userId);
    if (!known || connection.presenceAt > known.presenceAt) latest.set(connection.userId, connection);
  }
  return [...latest.values()]
    .sort((a, b) => a.connectedAt - b.connectedAt)
    .map((connection) => ({
      userId: connection.userId,
      firstName: connection.person.firstName,
      lastName: connection.person.lastName,
      entityId: connection.person.entityId,
      entityName: connection.person.entityName,
      entityTypeId: connection.person.entityTypeId,
      state: connection.presence.state,
      sectionId: connection.presence.sectionId,
      categoryId: connection.presence.categoryId,
      editingItemId: connection.presence.editingItemId,
    }));
}

/** The list as one reader may see it: an advisor does not see another company's people (shared/permissions.ts isOtherAdvisorCompany). */
export function presenceFor(access: CanvasAccess, members: readonly PresenceMember[]): PresenceMember[] {
  return members.filter((member) => !isOtherAdvisorCompany(access, member)).map((member) =>
    member.sectionId !== null && canSeeSection(access, member.sectionId) ? member : { ...member, sectionId: null, categoryId: null, editingItemId: null },
  );
}

/** Sockets still within their lifetime (TTL deletion lags; the sender closes the others). */
export const openConnections = (connections: readonly LiveConnection[]) => connections.filter((connection) => connection.expiresAt > nowEpochSeconds());

/**
 * Sends every socket of a canvas the list as it may see it. `except`: a socket that cannot
 * receive yet (API Gateway refuses messages to a socket whose $connect has not returned).
 */
export async function broadcastPresence(familyId: number, options: { except?: string } = {}): Promise<void> {
  const connections = openConnections(await listConnections(familyId));
  const members = presenceMembers(connections);
  await Promise.all(
    connections
      .filter((connection) => connection.connectionId !== options.except)
      .map(async (connection) => {
        const outcome = await sendToSocket(connection.connectionId, { type: 'presence', members: presenceFor(connection.access, members) }).catch((error: unknown) => {
          log('warn', 'live presence not sent', { connectionId: connection.connectionId, error: String(error) });
          return 'sent' as const;
        });
        if (outcome === 'gone') await forgetGoneConnection(connection, now().getTime());
      }),
  );
}
