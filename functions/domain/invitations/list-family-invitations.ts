import type { FamilyInvitation } from '../../../shared/contracts/invitations';
import { invitationStatus } from '../../../shared/invitations';
import { sortRows, type SortKey } from '../../../shared/sort-rows';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { listWorkRelationInvitations, type WorkRelationInvitationItem } from '../../records/invitations';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { requireInviter } from './work-relation-inviter';

export const newestFirst: Array<SortKey<string>> = [{ field: 'createdDate', isDescending: true }];

export function toFamilyInvitation(invitation: WorkRelationInvitationItem, entityName: string, at: Date): FamilyInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    entityId: invitation.entityId,
    entityName,
    createdByMember: invitation.createdByName,
    createdDate: invitation.createdDate,
    expirationDate: invitation.expirationDate,
    accepted: invitation.accepted,
    status: invitationStatus(invitation, at),
  };
}

/** Every family invitation of the current advisor company, no paging, sorted by `orderBy` (default newest first). */
export async function listFamilyInvitations(session: Session, orderBy: ReadonlyArray<SortKey<string>> | undefined): Promise<FamilyInvitation[]> {
  const actor = requireInviter(session, 'family', 'list');
  const [invitations, entity] = await Promise.all([listWorkRelationInvitations('family', actor.entityId), getEntity(actor.entityId)]);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const at = now();
  return sortRows(
    invitations.map((invitation) => toFamilyInvitation(invitation, entity.entityName, at)),
    orderBy?.length ? orderBy : newestFirst,
  );
}
