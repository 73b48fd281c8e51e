import { type WorkRelationInvitationKind } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { requireInvitationByToken } from '../../records/invitation-records';
import { workRelationInvitationTypes, type WorkRelationInvitationItem } from '../../records/invitations';

/**
 * The invitation a link token belongs to. Revoked → INVITATION_CANCELLED (33); unknown,
 * replaced by a newer link or of the other kind → INVALID_TOKEN (20); not accepted and
 * past its 14 days → INVITATION_EXPIRED (31). An accepted one is returned: each caller decides.
 */
export async function findWorkRelationInvitation(kind: WorkRelationInvitationKind, token: string): Promise<WorkRelationInvitationItem> {
  return requireInvitationByToken<WorkRelationInvitationItem>(token, workRelationInvitationTypes[kind], now());
}
