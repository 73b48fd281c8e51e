import type { SignupRequest, SignupResponse } from '../../shared/contracts/auth';
import { messageKeys } from '../../shared/validation';
import { now } from '../lib/clock';
import { getEntity } from '../lib/db/entities';
import { newId } from '../lib/db/keys';
import { defaultPrivacySettings, getLogin, putNewAccount, type UserItem } from '../lib/db/users';
import { fail } from '../lib/errors';
import { toSessionMembership } from '../lib/memberships';
import { hashPassword } from '../lib/passwords';
import { startSession } from '../lib/session';
import { findMemberInvitation } from '../member-invitation/find-invitation';
import { joinEntityItems, runJoinTransaction } from '../member-invitation/join-entity';

export type SignupInvitationTokens = Pick<SignupRequest, 'memberInvitationToken' | 'familyInvitationToken' | 'advisorInvitationToken'>;

export function hasSignupInvitation(tokens: SignupInvitationTokens): boolean {
  return Boolean(tokens.memberInvitationToken || tokens.familyInvitationToken || tokens.advisorInvitationToken);
}

/**
 * A signup that carries an invitation token. With a member invitation: the account is
 * created with its e-mail confirmed (the invitation link proves it), joins the invited
 * entity with the invited role and marks the invitation accepted, all in one transaction
 * whose first item guards the unique e-mail; then a session starts with that entity
 * current. The signup e-mail must be the invited one (INCORRECT_EMAIL_INPUT, 17);
 * unknown or replaced token → 20, expired → 31, accepted → 32, e-mail in use → 10.
 * Family and advisor invitation tokens come with the work-relations issue: until then they
 * are refused with INVALID_TOKEN (20) before anything is written.
 */
export async function applySignupInvitation(input: SignupRequest): Promise<{ response: SignupResponse; cookie: string }> {
  if (input.familyInvitationToken || input.advisorInvitationToken || !input.memberInvitationToken) throw fail('INVALID_TOKEN');
  const token = input.memberInvitationToken;
  const invitation = await findMemberInvitation(token);
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  if (input.email !== invitation.email) throw fail('INCORRECT_EMAIL_INPUT', { errors: { email: [messageKeys.invalidInput] } });
  const [login, entity] = await Promise.all([getLogin(input.email), getEntity(invitation.entityId)]);
  if (login) throw fail('SIGNUP_EMAIL_IN_USE');
  if (!entity) throw fail('INVALID_TOKEN');

  const password = await hashPassword(input.password, input.salt);
  const at = now();
  const user: UserItem = {
    type: 'User',
    id: newId(),
    firstName: input.firstName,
    lastName: input.lastName,
    prefix: null,
    email: input.email,
    phone: null,
    isEmailConfirmed: true,
    lastLoginDate: null,
    privacySettings: defaultPrivacySettings,
    addresses: [],
    createdAt: at.toISOString(),
  };
  const account = putNewAccount(user, password, at.toISOString());
  const join = joinEntityItems(invitation, { token, userId: user.id, at });
  const accountReasons = await runJoinTransaction([...account, ...join.items], account.length, invitation, token);
  if (accountReasons) throw fail('SIGNUP_EMAIL_IN_USE');

  const { cookie, session } = await startSession(user.id, toSessionMembership(join.member));
  return { response: { idToken: user.id, tokenExpiration: new Date(session.expiresAt * 1000).toISOString() }, cookie };
}
