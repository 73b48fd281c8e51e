import { type WorkRelationInvitationKind } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { deleteWorkRelationInvitation } from '../../records/invitations';
import type { Session } from '../sessions/session';
import { requireInviter } from './work-relation-inviter';

/** Cancels an invitation: its link dies (and says it was cancelled); cancelling an accepted one leaves the work relation it made. Unknown → 4. */
export async function revokeWorkRelationInvitation(session: Session, kind: WorkRelationInvitationKind, invitationId: string): Promise<void> {
  const actor = requireInviter(session, kind, 'revoke');
  await deleteWorkRelationInvitation(kind, actor.entityId, invitationId, now());
}
