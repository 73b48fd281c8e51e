import type { ListMemberInvitationsQuery, MemberInvitationsResponse } from '../../../shared/contracts/invitations';
import { sortRows } from '../../../shared/sort-rows';
import { getEntity } from '../../records/entities';
import { listMemberInvitations as readInvitations } from '../../records/invitations';
import { fail } from '../../lib/errors';
import { toInvitationInfo } from './invitation-info';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * Every invitation of the current entity, no paging, sorted by `orderBy` (default newest
 * first), each with its derived status. Only for those who may invite (InviteMember).
 */
export async function listMemberInvitations(session: Session, query: ListMemberInvitationsQuery): Promise<MemberInvitationsResponse> {
  const actor = requireCurrentMembership(session);
  requirePermission(actor, 'InviteMember');
  const [invitations, entity] = await Promise.all([readInvitations(actor.entityId), getEntity(actor.entityId)]);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const rows = invitations.map((invitation) => ({ ...toInvitationInfo(invitation, entity), entityRoleId: invitation.entityRoleId }));
  return sortRows(rows, query.orderBy?.length ? query.orderBy : [{ field: 'createdDate', isDescending: true }]);
}
