import { now } from '../../lib/clock';
import { deleteMemberInvitation } from '../../records/invitations';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * Cancels an invitation of the current entity: RevokeMemberInvitation (owner and admin
 * always). The record is deleted, so its link stops working (and says it was cancelled); cancelling an accepted one
 * does not remove the member it made (docs/product/invitations.md#rules). Unknown → ITEM_NOT_FOUND (4).
 */
export async function revokeMemberInvitation(session: Session, invitationId: string): Promise<void> {
  const actor = requireCurrentMembership(session);
  requirePermission(actor, 'RevokeMemberInvitation');
  await deleteMemberInvitation(actor.entityId, invitationId, now());
}
