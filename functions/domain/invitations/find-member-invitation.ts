import { now } from '../../lib/clock';
import { requireInvitationByToken } from '../../records/invitation-records';
import type { MemberInvitationItem } from '../../records/invitations';

/**
 * The member invitation a link token belongs to, for the landing page, accepting and
 * signup. Revoked → INVITATION_CANCELLED (33); unknown or replaced by a newer link
 * (resend) → INVALID_TOKEN (20); not accepted and past its 14 days → INVITATION_EXPIRED
 * (31). An accepted one is returned: each caller decides (the landing page reports it,
 * accepting answers 32).
 */
export async function findMemberInvitation(token: string): Promise<MemberInvitationItem> {
  return requireInvitationByToken<MemberInvitationItem>(token, 'MemberInvitation', now());
}
