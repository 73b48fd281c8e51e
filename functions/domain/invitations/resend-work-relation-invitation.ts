import type { ResendWorkRelationInvitationResponse } from '../../../shared/contracts/invitations';
import { type WorkRelationInvitationKind } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { listWorkRelationInvitations, renewWorkRelationInvitation } from '../../records/invitations';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { isPendingDuplicate, requireInviter } from './work-relation-inviter';

/**
 * Renews a pending or expired invitation for a new e-mail: the old link dies at once and
 * the 14 days start again; the answer's id goes to send-email. Accepted → 32; another
 * pending invitation for the same e-mail → 9; unknown → 4.
 */
export async function resendWorkRelationInvitation(
  session: Session,
  kind: WorkRelationInvitationKind,
  invitationId: string,
): Promise<ResendWorkRelationInvitationResponse> {
  const actor = requireInviter(session, kind, 'invite');
  const invitations = await listWorkRelationInvitations(kind, actor.entityId);
  const invitation = invitations.find((candidate) => candidate.id === invitationId);
  if (!invitation) throw fail('ITEM_NOT_FOUND');
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  const at = now();
  if (isPendingDuplicate(invitations, invitation.email, invitation.id, at))
    throw fail('ITEM_FOUND', { message: 'A pending invitation for this e-mail exists.' });
  await renewWorkRelationInvitation(kind, actor.entityId, invitationId, at);
  return { id: invitationId };
}
