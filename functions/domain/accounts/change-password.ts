import type { ChangePasswordRequest } from '../../../shared/contracts/auth';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { ChangedMeanwhile, ConditionFailed, transactWrites } from '../../lib/db/table';
import { throttledPasswordCheck } from '../../records/signin-throttle';
import { getLogin, getUser, updatePassword } from '../../records/users';
import { fail } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../records/passwords';
import { liveSessionsEnded } from '../sockets/revocation';
import { announceSignInMethodChange } from './notice';
import { endSessionsOfUser, type Session } from '../sessions/session';

const wrongPassword = () => fail('WRONG_PASSWORD', { errors: { password: [messageKeys.invalidInput] } });

/**
 * Changes the signed-in user's password: `password` must be the hash of the current one
 * (else WRONG_PASSWORD, 22). The write is conditional on the stored hash still being the
 * one checked, so a concurrent reset is never overwritten. The user's other sessions end;
 * this one stays. Every reset link sent before stops working (its token is older than the
 * change: functions/domain/accounts/reset-password.ts). The current-password check is throttled
 * (functions/records/signin-throttle.ts: TOO_MANY_REQUESTS, 80).
 */
export async function changePassword(session: Session, input: ChangePasswordRequest, clientAddress: string, userAgent = ''): Promise<void> {
  const user = await getUser(session.userId);
  const login = user ? await getLogin(user.email) : undefined;
  if (!login || login.userId !== session.userId) throw fail('UNAUTHORIZED');
  // Throttled like sign-in (per account and client): a stolen session cannot guess the password.
  if (!(await throttledPasswordCheck(login.email, clientAddress, () => verifyPassword(input.password, login)))) throw wrongPassword();
  const password = await hashPassword(input.newPassword, input.salt);
  try {
    await transactWrites([updatePassword(login, password, now().toISOString(), login.passwordHash)], { passwordUnchanged: wrongPassword });
  } catch (error) {
    // Changed by a concurrent reset or change: the password checked is no longer the current one.
    if (error instanceof ConditionFailed || error instanceof ChangedMeanwhile) throw wrongPassword();
    throw error;
  }
  await endSessionsOfUser(session.userId, { exceptTokenHash: session.tokenHash });
  await liveSessionsEnded(session.userId, { exceptTokenHash: session.tokenHash });
  await announceSignInMethodChange(session.userId, { kind: 'password-changed' }, { clientAddress, userAgent });
}
