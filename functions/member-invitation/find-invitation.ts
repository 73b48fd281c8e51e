import { invitationStatus } from '../../shared/invitations';
import { now } from '../lib/clock';
import { findInvitationByToken } from '../lib/db/invitations';
import type { MemberInvitationItem } from '../lib/db/member-invitations';
import { fail } from '../lib/errors';

/**
 * The member invitation a link token belongs to, for the landing page, accepting and
 * signup. Unknown, revoked or replaced by a newer link (resend) → INVALID_TOKEN (20);
 * not accepted and past its 14 days → INVITATION_EXPIRED (31). An accepted one is
 * returned: each caller decides (the landing page reports it, accepting answers 32).
 */
export async function findMemberInvitation(token: string): Promise<MemberInvitationItem> {
  const invitation = await findInvitationByToken<MemberInvitationItem>(token);
  if (!invitation || invitation.type !== 'MemberInvitation') throw fail('INVALID_TOKEN');
  if (invitationStatus(invitation, now()) === 'expired') throw fail('INVITATION_EXPIRED');
  return invitation;
}
