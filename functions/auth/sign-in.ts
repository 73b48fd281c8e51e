import type { SigninRequest, SigninResponse } from '../../shared/contracts/auth';
import { now } from '../lib/clock';
import { listMembershipsOfUser } from '../lib/db/members';
import { clearSigninThrottle, recordSigninFailure, reserveSigninAttempt } from '../lib/db/signin-throttle';
import { getLogin, recordSignin, toSigninResponse } from '../lib/db/users';
import { fail } from '../lib/errors';
import { toSessionMembership } from '../lib/memberships';
import { verifyPassword } from '../lib/passwords';
import { startSession } from '../lib/session';

/**
 * Signs a user in and starts a session whose current entity is the user's first one.
 * Throttled per e-mail (TOO_MANY_REQUESTS, 80): the attempt is taken from the e-mail's
 * window before the password is checked, so a burst cannot have more than 5 checked.
 * An unknown e-mail and a wrong password take the same path, scrypt included, and
 * answer SIGNIN_FAILED (12); a right password on
 * an unconfirmed e-mail answers EMAIL_NOT_CONFIRMED (14). The answer carries the previous
 * lastLoginDate (null on the first sign-in, which opens the walkthrough).
 */
export async function signIn(input: SigninRequest): Promise<{ user: SigninResponse; cookie: string }> {
  const [attempt, login] = await Promise.all([reserveSigninAttempt(input.email), getLogin(input.email)]);
  if (!attempt) throw fail('TOO_MANY_REQUESTS');
  const isMatch = await verifyPassword(input.password, login);
  if (!isMatch || !login) {
    await recordSigninFailure(input.email, attempt.attempts);
    throw fail('SIGNIN_FAILED');
  }
  await clearSigninThrottle(input.email);
  const previous = await recordSignin(login.userId, now().toISOString());
  const [first] = await listMembershipsOfUser(login.userId);
  const { cookie } = await startSession(login.userId, first ? toSessionMembership(first) : null);
  return { user: toSigninResponse(previous), cookie };
}
