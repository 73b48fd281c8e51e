import type { FactorRecoveryLinkRequest, FactorRecoveryState } from '../../../shared/contracts/auth';
import { now } from '../../lib/clock';
import { fail } from '../../lib/errors';
import { hashToken } from '../../lib/secret-tokens';
import { getFactorRecovery } from '../../records/factor-recoveries';
import { getToken, isTokenExpired, type TokenItem } from '../../records/tokens';
import { getUser, type UserItem } from '../../records/users';

/**
 * Recovering an account whose every second factor is lost (the phone with the authenticator
 * app, the passkeys, the recovery codes), through its mailbox, never at once:
 *
 * 1. From the second sign-in step ("Lost your phone or passkey?") the person asks for a
 *    recovery link by mail (limited per address and client like the reset mail; an unknown
 *    address or an account without a second factor gets the same answer and no mail).
 * 2. Opening the link and confirming starts a waiting period of factorRecoveryWaitHours,
 *    announced at once by mail to the account with a cancel link. Signing in with a factor
 *    meanwhile cancels it too.
 * 3. After the wait, the same link removes every second factor (and the recovery codes),
 *    ends every session, and the person signs in with the password alone and sets up new
 *    factors. The change is announced like every other.
 *
 * The password reset by mail still asks for the second factor afterwards: only this flow,
 * with its wait and its announcement, takes a factor away without the factor.
 */
export const factorRecoveryWaitHours = 24;

/** The recovery link of `email`, while it can be used: else INVALID_TOKEN (20) or TOKEN_EXPIRED (21). */
export async function requireRecoveryLink(input: FactorRecoveryLinkRequest): Promise<{ token: TokenItem; user: UserItem }> {
  const token = await getToken('RECOVERY', input.token);
  if (!token || token.email !== input.email || token.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(token)) throw fail('TOKEN_EXPIRED');
  const user = await getUser(token.userId);
  if (!user) throw fail('INVALID_TOKEN');
  return { token, user };
}

/** Where the recovery of this link stands (reads only). */
export async function recoveryStateOf(userId: string, linkToken: string): Promise<FactorRecoveryState> {
  const recovery = await getFactorRecovery(userId);
  if (!recovery || recovery.recoveryTokenHash !== hashToken(linkToken)) return { state: 'notStarted', readyAt: null };
  return { state: recovery.readyAt > now().toISOString() ? 'waiting' : 'ready', readyAt: recovery.readyAt };
}
