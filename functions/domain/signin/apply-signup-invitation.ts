import type { SignupRequest, SignupResponse } from '../../../shared/contracts/auth';
import type { WorkRelationInvitationKind } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { transactWrites } from '../../lib/db/table';
import { getEntity } from '../../records/entities';
import { getLogin, newUserItem, putNewAccount, type UserItem } from '../../records/users';
import { fail } from '../../lib/errors';
import { toSessionMembership } from '../access/memberships';
import { hashPassword, type StoredPassword } from '../../records/passwords';
import { sessionActorOf, startSession } from '../sessions/session';
import { findMemberInvitation } from '../invitations/find-member-invitation';
import { commitJoin, joinEntityWrites } from '../invitations/join-entity';
import { findWorkRelationInvitation } from '../invitations/find-work-relation-invitation';
import { requireInviterStillEntitled } from '../invitations/inviter';

export type SignupInvitationTokens = Pick<SignupRequest, 'memberInvitationToken' | 'familyInvitationToken' | 'advisorInvitationToken'>;

export function hasSignupInvitation(tokens: SignupInvitationTokens): boolean {
  return Boolean(tokens.memberInvitationToken || tokens.familyInvitationToken || tokens.advisorInvitationToken);
}

/**
 * A signup that carries an invitation token (exactly one kind). The account is created
 * with its e-mail confirmed (the invitation link proves it) and a session starts; the
 * signup e-mail must be the invited one (INCORRECT_EMAIL_INPUT, 17); unknown or replaced
 * token → 20, expired → 31, accepted → 32, e-mail in use → 10.
 * - Member invitation: the account joins the invited entity with the invited role and the
 *   invitation is marked accepted, all in one transaction whose first item guards the
 *   unique e-mail; the session starts with that entity current.
 * - Family or advisor invitation: the account starts without an entity (any entity fields
 *   are ignored): the invitee then chooses or creates the family or advisor company on the
 *   select page, which accepts the invitation (POST /{family,advisor}-invitation/accept).
 *   The invitation stays pending until then.
 */
export async function applySignupInvitation(input: SignupRequest, userAgent = ''): Promise<{ response: SignupResponse; cookie: string }> {
  const tokens = [input.memberInvitationToken, input.familyInvitationToken, input.advisorInvitationToken].filter(Boolean);
  if (tokens.length !== 1) throw fail('INVALID_TOKEN');
  if (input.familyInvitationToken) return signUpForWorkRelation(input, 'family', input.familyInvitationToken, userAgent);
  if (input.advisorInvitationToken) return signUpForWorkRelation(input, 'advisor', input.advisorInvitationToken, userAgent);
  const token = input.memberInvitationToken as string;
  const invitation = await findMemberInvitation(token);
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  if (input.email !== invitation.email) throw fail('INCORRECT_EMAIL_INPUT', { errors: { email: [messageKeys.invalidInput] } });
  const [login, entity] = await Promise.all([getLogin(input.email), getEntity(invitation.entityId)]);
  if (login) throw fail('SIGNUP_EMAIL_IN_USE');
  if (!entity) throw fail('INVALID_TOKEN');
  await requireInviterStillEntitled(invitation, { kind: 'member', entityRoleId: invitation.entityRoleId });

  const at = now();
  const { user, password } = await confirmedUser(input, at);
  const account = putNewAccount(user, password, at.toISOString(), input.timeZone);
  const join = joinEntityWrites(invitation, { token, userId: user.id, at });
  await commitJoin(invitation, token, join, account, { emailInUse: () => fail('SIGNUP_EMAIL_IN_USE') });

  const { cookie, session } = await startSession(user.id, toSessionMembership(join.member), { userAgent, actor: sessionActorOf(user, entity) });
  return { response: { idToken: user.id, tokenExpiration: new Date(session.expiresAt * 1000).toISOString() }, cookie };
}

/** A new user whose e-mail an invitation link confirmed, and the stored form of their password. */
async function confirmedUser(input: SignupRequest, at: Date): Promise<{ user: UserItem; password: StoredPassword }> {
  const password = await hashPassword(input.password, input.salt);
  return { user: newUserItem(input, { isEmailConfirmed: true, at: at.toISOString() }), password };
}

/** Signup with a family or advisor invitation: a confirmed account without an entity, signed in. */
async function signUpForWorkRelation(
  input: SignupRequest,
  kind: WorkRelationInvitationKind,
  token: string,
  userAgent: string,
): Promise<{ response: SignupResponse; cookie: string }> {
  const invitation = await findWorkRelationInvitation(kind, token);
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  if (input.email !== invitation.email) throw fail('INCORRECT_EMAIL_INPUT', { errors: { email: [messageKeys.invalidInput] } });
  if (await getLogin(input.email)) throw fail('SIGNUP_EMAIL_IN_USE');
  const at = now();
  const { user, password } = await confirmedUser(input, at);
  await transactWrites(putNewAccount(user, password, at.toISOString(), input.timeZone), { emailInUse: () => fail('SIGNUP_EMAIL_IN_USE') });
  const { cookie, session } = await startSession(user.id, null, { userAgent });
  return { response: { idToken: user.id, tokenExpiration: new Date(session.expiresAt * 1000).toISOString() }, cookie };
}
