import type { CreateMemberInvitationRequest, CreateMemberInvitationResponse } from '../../../shared/contracts/invitations';
import { invitationStatus } from '../../../shared/invitations';
import { canInviteMemberWithRole } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { newId } from '../../lib/db/keys';
import { listMemberInvitations, putMemberInvitation } from '../../records/invitations';
import { getMember } from '../../records/members';
import { fullName, getLogin, getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { requireCurrentMembership, requireEntityRoleId, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';

/**
 * Creates an invitation into the current entity (step one; send-email mails the link).
 * InviteMember (owner and admin always), and never with a role above one's own (8); an
 * unknown role → INVALID_ENTITY_ROLE (16); the e-mail of an active member →
 * USER_ALREADY_MEMBER (30); a pending invitation for it → ITEM_FOUND (9).
 */
export async function createMemberInvitation(session: Session, input: CreateMemberInvitationRequest): Promise<CreateMemberInvitationResponse> {
  const actor = requireCurrentMembership(session);
  requirePermission(actor, 'InviteMember');
  const entityRoleId = requireEntityRoleId(input.entityRoleId, 'entityRoleId');
  if (!canInviteMemberWithRole(actor, entityRoleId)) throw fail('FORBIDDEN');
  const entityId = actor.entityId;
  const [invitations, login, inviter, entity] = await Promise.all([
    listMemberInvitations(entityId),
    getLogin(input.email),
    getUser(session.userId),
    getEntity(entityId),
  ]);
  if (!entity || !inviter) throw fail('ITEM_NOT_FOUND');
  if (login && (await getMember(entityId, login.userId))?.isActive) throw fail('USER_ALREADY_MEMBER');
  const at = now();
  if (invitations.some((invitation) => invitation.email === input.email && invitationStatus(invitation, at) === 'pending')) {
    throw fail('ITEM_FOUND', { message: 'A pending invitation for this e-mail exists.' });
  }
  const invitation = await putMemberInvitation(
    {
      id: newId(),
      entityId,
      entityTypeId: entity.entityTypeId,
      email: input.email,
      entityRoleId,
      createdByUserId: inviter.id,
      createdByName: fullName(inviter),
    },
    at,
  );
  return { id: invitation.id };
}
