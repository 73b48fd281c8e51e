import type { SigninRequest, SigninResponse } from '../../shared/contracts/auth';
import { now } from '../lib/clock';
import { listMembershipsOfUser } from '../lib/db/members';
import { throttledPasswordCheck } from '../lib/db/signin-throttle';
import { getLogin, recordSignin, toSigninResponse, type LoginItem } from '../lib/db/users';
import { noteSigninDevice } from '../lib/devices';
import { AppError, fail } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { businessMetrics } from '../../shared/metrics';
import { toSessionMembership } from '../lib/memberships';
import { verifyPassword } from '../lib/passwords';
import { startSession } from '../lib/session';

export type SigninClient = { clientAddress: string; userAgent: string };

/**
 * Signs a user in and starts a session whose current entity is the user's first one.
 * Throttled per account and client address (functions/lib/db/signin-throttle.ts): a
 * client that guessed wrong too often waits (TOO_MANY_REQUESTS, 80), other clients do
 * not. An unknown e-mail and a wrong password take the same path, scrypt included, and
 * answer SIGNIN_FAILED (12); a right password on an unconfirmed e-mail answers
 * EMAIL_NOT_CONFIRMED (14). The answer carries the previous lastLoginDate (null on the
 * first sign-in, which opens the walkthrough). A sign-in from a device the account has
 * not used before e-mails the owner (functions/lib/devices.ts).
 */
export async function signIn(input: SigninRequest, client: SigninClient): Promise<{ user: SigninResponse; cookie: string }> {
  return countedSignin(() => checkAndStartSession(input, client));
}

/** Counts a sign-in attempt (password or passkey) in the SignIns / SignInFailures metrics. */
export async function countedSignin<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    const result = await attempt();
    countMetric(businessMetrics.signIns);
    return result;
  } catch (error) {
    // A refusal (wrong password, unknown e-mail, throttled, unconfirmed), not a fault of ours.
    if (error instanceof AppError && error.status < 500) countMetric(businessMetrics.signInFailures);
    throw error;
  }
}

async function checkAndStartSession(input: SigninRequest, client: SigninClient): Promise<{ user: SigninResponse; cookie: string }> {
  const found: { login?: LoginItem } = {};
  const isMatch = await throttledPasswordCheck(input.email, client.clientAddress, async () => {
    found.login = await getLogin(input.email);
    return (await verifyPassword(input.password, found.login)) && found.login !== undefined;
  });
  const login = found.login;
  if (!isMatch || !login) throw fail('SIGNIN_FAILED');
  return startSigninSession(login.userId, client, { remember: input.remember === true });
}

/**
 * What every sign-in does once the user is known (a password or a passkey): records it
 * (EMAIL_NOT_CONFIRMED, 14, for an unconfirmed user), starts a session on the user's first
 * entity and notes the device (a new one e-mails the owner). Answers POST /auth/signin's body.
 */
export async function startSigninSession(userId: string, client: SigninClient, options: { remember: boolean }): Promise<{ user: SigninResponse; cookie: string }> {
  const previous = await recordSignin(userId, now().toISOString());
  const [first] = await listMembershipsOfUser(userId);
  const [{ cookie }] = await Promise.all([
    startSession(userId, first ? toSessionMembership(first) : null, { remember: options.remember, userAgent: client.userAgent }),
    noteSigninDevice(previous, client.userAgent),
  ]);
  return { user: toSigninResponse(previous), cookie };
}
