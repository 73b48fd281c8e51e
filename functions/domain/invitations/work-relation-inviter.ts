import { invitationStatus } from '../../../shared/invitations';
import { workRelationInvitationRefusal, type WorkRelationInvitationKind } from '../../../shared/permissions';
import { type WorkRelationInvitationItem } from '../../records/invitations';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * Work-relation invitations, both kinds (docs/product/invitations.md#rules, #calls
 * Invitations): an advisor company invites a family ('family', /family-invitation) and a
 * family invites an advisor company ('advisor', /advisor-invitation). The route groups
 * bind these with their kind. Who may do what is shared/permissions.ts
 * (workRelationInvitationRefusal): the inviting side's InviteWorkRelation or
 * RevokeWorkRelationInvite, owner and admin always.
 */

/** The landing-page path of each kind: the link in the e-mail, and the route the SPA serves. */
export const invitationLandingPaths: Record<WorkRelationInvitationKind, string> = { family: '/family-invitation', advisor: '/advisor-invitation' };

export function requireInviter(session: Session, kind: WorkRelationInvitationKind, action: 'invite' | 'revoke' | 'list') {
  const actor = requireCurrentMembership(session);
  const refusal = workRelationInvitationRefusal(actor, kind, action);
  if (refusal) throw fail(refusal);
  return actor;
}

export const isPendingDuplicate = (invitations: readonly WorkRelationInvitationItem[], email: string, exceptId: string | null, at: Date) =>
  invitations.some((other) => other.id !== exceptId && other.email === email && invitationStatus(other, at) === 'pending');
