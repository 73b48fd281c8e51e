import { isInviterStillEntitled, type WorkRelationInvitationKind } from '../../../shared/permissions';
import { EntityType, type EntityRoleId, type EntityTypeId } from '../../../shared/enums';
import { now } from '../../lib/clock';
import type { InvitationRecord } from '../../records/invitation-records';
import { getMember, type MemberItem } from '../../records/members';
import {
  deleteMemberInvitation,
  listMemberInvitations,
  type MemberInvitationItem,
  deleteWorkRelationInvitation,
  listWorkRelationInvitations,
  type WorkRelationInvitationItem,
} from '../../records/invitations';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { toSessionMembership } from '../access/memberships';

/**
 * The inviter rule (shared/permissions.ts isInviterStillEntitled) on the server: an
 * invitation counts only while its sender could still send it. Two hooks keep it:
 * - at acceptance (member, family and advisor invitations, signed in or signing up):
 *   requireInviterStillEntitled reads the sender's membership; when it no longer entitles
 *   them, the invitation is revoked on the spot and the answer is INVITATION_CANCELLED (33);
 * - when a member is removed or their role changes: revokeInvitationsOfFormerInviter
 *   revokes their pending invitations they could no longer send, so lists show them gone
 *   and their links say "cancelled".
 * Revoking is the one revoke (invitation-records.ts deleteInvitationRecord, through the kind modules).
 */

type InvitationRight = { kind: 'member'; entityRoleId: EntityRoleId } | { kind: WorkRelationInvitationKind };

const membershipOf = (member: MemberItem | undefined) => (member ? { ...toSessionMembership(member), isActive: member.isActive } : null);

/** The one revoke, whatever the kind. */
const revoke = (invitation: InvitationRecord, right: InvitationRight, at: Date) =>
  right.kind === 'member'
    ? deleteMemberInvitation(invitation.entityId, invitation.id, at)
    : deleteWorkRelationInvitation(right.kind, invitation.entityId, invitation.id, at);

/** At acceptance: the sender may still send this invitation, else it is revoked and 33 answered. */
export async function requireInviterStillEntitled(invitation: InvitationRecord, right: InvitationRight): Promise<void> {
  const inviter = await getMember(invitation.entityId, invitation.createdByUserId);
  if (isInviterStillEntitled(membershipOf(inviter), right)) return;
  await revoke(invitation, right, now()).catch((error: unknown) => {
    // Already gone (revoked meanwhile): the answer is the same.
    logger.info('invitation of a former inviter already gone', { invitationId: invitation.id, error: String(error) });
  });
  logger.info('invitation revoked: its sender may no longer send it', { invitationId: invitation.id, entityId: invitation.entityId });
  throw fail('INVITATION_CANCELLED', { message: 'This invitation was cancelled: its sender can no longer invite.' });
}

/**
 * After a member of `entityId` was removed (`member` undefined) or got another role: their
 * pending invitations of that entity (member invitations, and the family or advisor
 * invitations it sent) that they could no longer send are revoked. Accepted ones stay
 * (cancelling those never undid anything). Returns how many were revoked.
 */
export async function revokeInvitationsOfFormerInviter(
  entity: { entityId: number; entityTypeId: EntityTypeId },
  userId: string,
  member: MemberItem | undefined,
): Promise<number> {
  const { entityId } = entity;
  const membership = membershipOf(member);
  // A family sends advisor invitations, an advisor company family invitations (workRelationInvitationSides).
  const workKind: WorkRelationInvitationKind = entity.entityTypeId === EntityType.Family ? 'advisor' : 'family';
  const [memberInvitations, workInvitations] = await Promise.all([listMemberInvitations(entityId), listWorkRelationInvitations(workKind, entityId)]);
  const candidates: Array<{ invitation: MemberInvitationItem | WorkRelationInvitationItem; right: InvitationRight }> = [
    ...memberInvitations.map((invitation) => ({ invitation, right: { kind: 'member' as const, entityRoleId: invitation.entityRoleId } })),
    ...workInvitations.map((invitation) => ({ invitation, right: { kind: workKind } })),
  ];
  const revoked = candidates.filter(
    ({ invitation, right }) => invitation.createdByUserId === userId && !invitation.accepted && !isInviterStillEntitled(membership, right),
  );
  const at = now();
  await Promise.all(
    revoked.map(({ invitation, right }) =>
      revoke(invitation, right, at).catch((error: unknown) => logger.info('invitation already gone', { invitationId: invitation.id, error: String(error) })),
    ),
  );
  if (revoked.length) logger.info('invitations of a former inviter revoked', { entityId, userId, count: revoked.length });
  return revoked.length;
}
