import type { ResendMemberInvitationResponse } from '../../../shared/contracts/invitations';
import { invitationStatus } from '../../../shared/invitations';
import { canInviteMemberWithRole } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { listMemberInvitations, renewMemberInvitation } from '../../records/invitations';
import { fail } from '../../lib/errors';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * Renews a pending or expired invitation of the current entity for a new e-mail: the old
 * link stops working and the 14 days start again; the answer's id goes to send-email.
 * InviteMember and the role rule as for create; accepted → INVITATION_ACCEPTED (32);
 * another pending invitation for the same e-mail → ITEM_FOUND (9); unknown → 4.
 */
export async function resendMemberInvitation(session: Session, invitationId: string): Promise<ResendMemberInvitationResponse> {
  const actor = requireCurrentMembership(session);
  requirePermission(actor, 'InviteMember');
  const invitations = await listMemberInvitations(actor.entityId);
  const invitation = invitations.find((candidate) => candidate.id === invitationId);
  if (!invitation) throw fail('ITEM_NOT_FOUND');
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  if (!canInviteMemberWithRole(actor, invitation.entityRoleId)) throw fail('FORBIDDEN');
  const at = now();
  const isDuplicate = invitations.some((other) => other.id !== invitation.id && other.email === invitation.email && invitationStatus(other, at) === 'pending');
  if (isDuplicate) throw fail('ITEM_FOUND', { message: 'A pending invitation for this e-mail exists.' });
  await renewMemberInvitation(actor.entityId, invitationId, at);
  return { id: invitationId };
}
