import type { PresenceMember } from '../../../shared/contracts/live';
import { canSeeSection, isOtherAdvisorCompany, type CanvasAccess } from '../../../shared/permissions';
import type { LiveConnection } from '../../records/connections';

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
    .map((connection) => ({ ...connection, presence: placeStillVisible(connection) }))
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

/** A place the socket's own access no longer reaches (shares narrowed since it said so) is no place. */
function placeStillVisible(connection: LiveConnection): LiveConnection['presence'] {
  const { presence } = connection;
  if (presence.sectionId === null || canSeeSection(connection.access, presence.sectionId)) return presence;
  return { ...presence, sectionId: null, categoryId: null, editingItemId: null };
}

/** The list as one reader may see it: an advisor does not see another company's people (shared/permissions.ts isOtherAdvisorCompany). */
export function presenceFor(access: CanvasAccess, members: readonly PresenceMember[]): PresenceMember[] {
  return members
    .filter((member) => !isOtherAdvisorCompany(access, member))
    .map((member) =>
      member.sectionId !== null && canSeeSection(access, member.sectionId) ? member : { ...member, sectionId: null, categoryId: null, editingItemId: null },
    );
}
