import type { AcceptMemberInvitationResponse } from '../../../shared/contracts/invitations';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { getMember } from '../../records/members';
import { getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { toCurrentEntity, toSessionMembership } from '../access/memberships';
import { sessionActorOf, setSessionEntity, type Session } from '../sessions/session';
import { requireInviterStillEntitled } from './inviter';
import { findMemberInvitation } from './find-member-invitation';
import { commitJoin, joinEntityWrites } from './join-entity';

/**
 * Accepts a member invitation for the signed-in user, whose e-mail must be the invited
 * one (INCORRECT_EMAIL_INPUT, 17). In one transaction the invitation is marked accepted
 * and the membership created with the invited role; then the entity becomes the
 * session's current one and is answered as set-current-entity answers it. Already
 * accepted → 32, expired → 31, cancelled → 33 (also when its sender may no longer invite
 * with that role: inviter.ts), unknown → 20, already a member → 30.
 */
export async function acceptMemberInvitation(session: Session, token: string): Promise<AcceptMemberInvitationResponse> {
  const invitation = await findMemberInvitation(token);
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  const [user, entity, existing] = await Promise.all([getUser(session.userId), getEntity(invitation.entityId), getMember(invitation.entityId, session.userId)]);
  if (!user) throw fail('ITEM_NOT_FOUND');
  if (user.email !== invitation.email) throw fail('INCORRECT_EMAIL_INPUT', { errors: { email: [messageKeys.invalidInput] } });
  if (!entity) throw fail('ITEM_NOT_FOUND');
  if (existing) throw fail('USER_ALREADY_MEMBER');
  await requireInviterStillEntitled(invitation, { kind: 'member', entityRoleId: invitation.entityRoleId });
  const join = joinEntityWrites(invitation, { token, userId: user.id, at: now() });
  await commitJoin(invitation, token, join);
  const { member } = join;
  await setSessionEntity(session, toSessionMembership(member), sessionActorOf(user, entity));
  return toCurrentEntity(entity, member);
}
