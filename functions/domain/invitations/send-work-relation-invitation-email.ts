import type { SendWorkRelationInvitationResponse } from '../../../shared/contracts/invitations';
import { invitationValidityDays } from '../../../shared/invitations';
import { businessMetrics } from '../../../shared/metrics';
import { type WorkRelationInvitationKind } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { fullName, getUser } from '../../records/users';
import { getWorkRelationInvitation, issueWorkRelationInvitationToken } from '../../records/invitations';
import { listCanvasSections } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { reserveMail } from '../../lib/limits/mail';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import type { Session } from '../sessions/session';
import { sharedSectionsOf } from '../work-relations/sections';
import { invitationLandingPaths, requireInviter } from './work-relation-inviter';

/**
 * E-mails the link of an invitation of the current entity (step two of inviting, and of
 * resending): a new token each time (the previous link dies), valid 14 days. Accepted → 32;
 * unknown → 4; a mail failure → EMAIL_SEND_FAILED (15), the invitation stays. Limited per
 * recipient and sending account (TOO_MANY_REQUESTS, 80; functions/lib/limits/mail.ts).
 */
export async function sendWorkRelationInvitationEmail(
  session: Session,
  kind: WorkRelationInvitationKind,
  invitationId: string,
): Promise<SendWorkRelationInvitationResponse> {
  const actor = requireInviter(session, kind, 'invite');
  const [invitation, entity, sender] = await Promise.all([
    getWorkRelationInvitation(kind, actor.entityId, invitationId),
    getEntity(actor.entityId),
    getUser(session.userId),
  ]);
  if (!invitation || !entity || !sender) throw fail('ITEM_NOT_FOUND');
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  // Before the new token: over the limit (80), the link that was sent keeps working.
  await reserveMail(kind === 'family' ? 'family-invitation' : 'advisor-invitation', invitation.email, { userId: session.userId });
  const sections = kind === 'advisor' && invitation.canvasSections.length ? await listCanvasSections(actor.entityId) : [];
  const { token, invitation: issued } = await issueWorkRelationInvitationToken(kind, actor.entityId, invitationId, now());
  const link = appLink(invitationLandingPaths[kind], { token });
  const message =
    kind === 'family'
      ? emailTemplates.familyInvitation({
          inviterName: fullName(sender),
          companyName: entity.entityName,
          link,
          validityDays: invitationValidityDays,
          expirationDate: issued.expirationDate,
        })
      : emailTemplates.advisorInvitation({
          inviterName: fullName(sender),
          familyName: entity.entityName,
          sectionTitles: sharedSectionsOf(sections, invitation.canvasSections).map((section) => section.title),
          link,
          validityDays: invitationValidityDays,
          expirationDate: issued.expirationDate,
          accessUntil: invitation.accessUntil ?? null,
        });
  await sendEmail(invitation.email, message, { countAs: businessMetrics.invitationsSent });
  return { id: invitationId, expirationDate: issued.expirationDate };
}
