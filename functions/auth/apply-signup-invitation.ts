import type { SignupRequest } from '../../shared/contracts/auth';
import { fail } from '../lib/errors';

export type SignupInvitationTokens = Pick<SignupRequest, 'memberInvitationToken' | 'familyInvitationToken' | 'advisorInvitationToken'>;

export function hasSignupInvitation(tokens: SignupInvitationTokens): boolean {
  return Boolean(tokens.memberInvitationToken || tokens.familyInvitationToken || tokens.advisorInvitationToken);
}

/**
 * STUB until the invitation issues: a signup that carries an invitation token joins the
 * invited entity (member invitation) or prepares the work relation (family / advisor
 * invitation), confirms the e-mail the invitation went to and signs the user in. Until
 * then every token is refused with INVALID_TOKEN (20) before anything is written.
 */
export async function applySignupInvitation(_input: { email: string; tokens: SignupInvitationTokens }): Promise<never> {
  throw fail('INVALID_TOKEN');
}
