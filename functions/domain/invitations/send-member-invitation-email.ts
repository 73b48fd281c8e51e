import type { SendMemberInvitationResponse } from '../../../shared/contracts/invitations';
import { invitationValidityDays } from '../../../shared/invitations';
import { businessMetrics } from '../../../shared/metrics';
import { canInviteMemberWithRole, roleNames } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { getMemberInvitation, issueMemberInvitationToken } from '../../records/invitations';
import { fullName, getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { reserveMail } from '../../lib/limits/mail';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * E-mails the link of an invitation of the current entity (step two of inviting, and of
 * resending). Each call issues a new token (only its hash is stored; the previous link
 * stops working) valid for 14 days. InviteMember and the role rule as for create;
 * accepted → 32; unknown → 4. A mail failure → EMAIL_SEND_FAILED (15): the invitation
 * stays and can be resent. Limited per recipient and sending account (80; lib/limits/mail.ts).
 */
export async function sendMemberInvitationEmail(session: Session, invitationId: string): Promise<SendMemberInvitationResponse> {
  const actor = requireCurrentMembership(session);
  requirePermission(actor, 'InviteMember');
  const entityId = actor.entityId;
  const [invitation, entity, sender] = await Promise.all([getMemberInvitation(entityId, invitationId), getEntity(entityId), getUser(session.userId)]);
  if (!invitation || !entity || !sender) throw fail('ITEM_NOT_FOUND');
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  if (!canInviteMemberWithRole(actor, invitation.entityRoleId)) throw fail('FORBIDDEN');
  // Before the new token: over the limit (80), the link that was sent keeps working.
  await reserveMail('member-invitation', invitation.email, { userId: session.userId });
  const { token, invitation: issued } = await issueMemberInvitationToken(entityId, invitationId, now());
  await sendEmail(
    invitation.email,
    emailTemplates.memberInvitation({
      inviterName: fullName(sender),
      entityName: entity.entityName,
      entityTypeId: entity.entityTypeId,
      roleName: roleNames[invitation.entityRoleId],
      link: appLink('/member-invitation', { token }),
      validityDays: invitationValidityDays,
      expirationDate: issued.expirationDate,
    }),
    { countAs: businessMetrics.invitationsSent },
  );
  return { id: invitationId, expirationDate: issued.expirationDate };
}
