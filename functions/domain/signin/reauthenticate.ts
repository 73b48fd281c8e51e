import type { ReauthenticateRequest, ReauthenticateResponse } from '../../../shared/contracts/mfa';
import { reauthWindowSeconds } from '../../../shared/routes';
import { throttledPasswordCheck } from '../../records/signin-throttle';
import { getLogin, getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { announceSignInMethodChange, type ChangeClient } from '../accounts/notice';
import { consumeSecondFactor } from '../../records/second-factors';
import { verifyPassword } from '../../records/passwords';
import { markSessionAuthenticated, type Session } from '../sessions/session';

/**
 * Re-authentication (docs/product/sessions-and-sign-in.md#re-authentication): the password (the browser's hash, as at sign-in) or a second
 * factor proves the user is still at the keyboard; the session then counts as recent for
 * reauthWindowSeconds, which routes flagged `requiresRecentAuth` need. Under the sign-in
 * throttle (a stolen session cannot guess the password freely): a wrong password answers
 * WRONG_PASSWORD (22), a wrong code MFA_CODE_INVALID (90).
 */
export async function reauthenticate(session: Session, input: ReauthenticateRequest, client: ChangeClient): Promise<ReauthenticateResponse> {
  const clientAddress = client.clientAddress;
  const user = await getUser(session.userId);
  if (!user) throw fail('SESSION_EXPIRED');
  if (input.password !== undefined) {
    const password = input.password;
    const ok = await throttledPasswordCheck(user.email, clientAddress, async () => verifyPassword(password, await getLogin(user.email)));
    if (!ok) throw fail('WRONG_PASSWORD');
  } else {
    const ok = await throttledPasswordCheck(user.email, clientAddress, () => consumeSecondFactor(user.id, input));
    if (!ok) throw fail('MFA_CODE_INVALID');
    if (input.recoveryCode !== undefined) await announceSignInMethodChange(user.id, { kind: 'recovery-code-used' }, client);
  }
  const stampedAt = await markSessionAuthenticated(session);
  return { recentUntil: new Date((stampedAt + reauthWindowSeconds) * 1000).toISOString() };
}
