import type { SigninRequest, SigninResponse } from '../../shared/contracts/auth';
import { now } from '../lib/clock';
import { listMembershipsOfUser } from '../lib/db/members';
import { clearSigninThrottle, getSigninThrottle, isSigninRefused, recordSigninFailure, signinThrottle } from '../lib/db/signin-throttle';
import { getLogin, recordSignin, toSigninResponse } from '../lib/db/users';
import { fail } from '../lib/errors';
import { toSessionMembership } from '../lib/memberships';
import { verifyPassword } from '../lib/passwords';
import { startSession } from '../lib/session';

/**
 * Signs a user in and starts a session whose current entity is the user's first one.
 * Throttled per e-mail (TOO_MANY_REQUESTS, 80), also under concurrent attempts: a
 * failure beyond the fifth, or a success that finishes after five failures, answers 80
 * (functions/lib/db/signin-throttle.ts). An unknown e-mail and a wrong password
 * take the same path, scrypt included, and answer SIGNIN_FAILED (12); a right password on
 * an unconfirmed e-mail answers EMAIL_NOT_CONFIRMED (14). The answer carries the previous
 * lastLoginDate (null on the first sign-in, which opens the walkthrough).
 */
export async function signIn(input: SigninRequest): Promise<{ user: SigninResponse; cookie: string }> {
  const [throttle, login] = await Promise.all([getSigninThrottle(input.email), getLogin(input.email)]);
  if (isSigninRefused(throttle)) throw fail('TOO_MANY_REQUESTS');
  const isMatch = await verifyPassword(input.password, login);
  if (!isMatch || !login) {
    // Concurrent attempts all pass the read above: the atomic count decides.
    const failures = await recordSigninFailure(input.email);
    throw fail(failures > signinThrottle.maxFailures ? 'TOO_MANY_REQUESTS' : 'SIGNIN_FAILED');
  }
  if (!(await clearSigninThrottle(input.email))) throw fail('TOO_MANY_REQUESTS');
  const previous = await recordSignin(login.userId, now().toISOString());
  const [first] = await listMembershipsOfUser(login.userId);
  const { cookie } = await startSession(login.userId, first ? toSessionMembership(first) : null);
  return { user: toSigninResponse(previous), cookie };
}
