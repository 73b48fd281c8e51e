import type { SigninRequest } from '../../shared/contracts/auth';
import type { SigninMfaRequest, SigninMfaRequiredResponse, SigninSuccessResponse } from '../../shared/contracts/mfa';
import { hasSecondFactor } from '../../shared/permissions';
import { now } from '../lib/clock';
import { listMembershipsOfUser } from '../lib/db/members';
import { throttledPasswordCheck } from '../lib/db/signin-throttle';
import { getLogin, getUser, recordSignin, toSigninResponse, type LoginItem, type UserItem } from '../lib/db/users';
import { noteSigninDevice } from '../lib/devices';
import { AppError, fail } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { businessMetrics } from '../../shared/metrics';
import { toSessionMembership } from '../lib/memberships';
import { secondFactorMethodsOf } from '../lib/mfa/methods';
import { splitByTwoFactorPolicy } from '../lib/mfa/policy';
import { cancelFactorRecovery } from '../lib/mfa/recovery';
import { consumeSecondFactor, getPendingSignin, putPendingSignin, takePendingSignin } from '../lib/mfa/store';
import { verifyPassword } from '../lib/passwords';
import { startSession } from '../lib/session';

export type SigninClient = { clientAddress: string; userAgent: string };

/** A completed sign-in (shared/contracts/mfa.ts SigninSuccessResponse). */
export type SigninSuccess = SigninSuccessResponse;
export type SigninResult = { user: SigninSuccess; cookie: string } | { mfa: SigninMfaRequiredResponse };

/** Counts the sign-in metrics around a step: a refusal (4xx) is a refused sign-in, not a fault. */
async function counted<T>(step: () => Promise<T>, isSignin: (result: T) => boolean): Promise<T> {
  try {
    const result = await step();
    if (isSignin(result)) countMetric(businessMetrics.signIns);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) countMetric(businessMetrics.signInFailures);
    throw error;
  }
}

/**
 * Signs a user in and starts a session whose current entity is the user's first one.
 * Throttled per account and client address (functions/lib/db/signin-throttle.ts): a
 * client that guessed wrong too often waits (TOO_MANY_REQUESTS, 80), other clients do
 * not. An unknown e-mail and a wrong password take the same path, scrypt included, and
 * answer SIGNIN_FAILED (12); a right password on an unconfirmed e-mail answers
 * EMAIL_NOT_CONFIRMED (14). The answer carries the previous lastLoginDate (null on the
 * first sign-in, which opens the walkthrough). A sign-in from a device the account has
 * not used before e-mails the owner (functions/lib/devices.ts).
 *
 * With a second factor (issue 14) the right password starts no session: the answer is
 * `{mfaRequired: true, methods}` and a pending sign-in (5 minutes) waits for
 * POST /auth/signin/mfa (signInWithSecondFactor).
 */
export async function signIn(input: SigninRequest, client: SigninClient): Promise<SigninResult> {
  return counted(() => checkPassword(input, client), (result) => 'user' in result);
}

async function checkPassword(input: SigninRequest, client: SigninClient): Promise<SigninResult> {
  const found: { login?: LoginItem } = {};
  const isMatch = await throttledPasswordCheck(input.email, client.clientAddress, async () => {
    found.login = await getLogin(input.email);
    return (await verifyPassword(input.password, found.login)) && found.login !== undefined;
  });
  const login = found.login;
  if (!isMatch || !login) throw fail('SIGNIN_FAILED');
  const user = await getUser(login.userId);
  if (!user?.isEmailConfirmed) throw fail('EMAIL_NOT_CONFIRMED');
  if (hasSecondFactor(user)) {
    await putPendingSignin(user.id, input.remember === true);
    return { mfa: { mfaRequired: true, methods: secondFactorMethodsOf(user) } };
  }
  return completeSignin(user, { remember: input.remember === true }, client);
}

/**
 * The second step: a TOTP code or a recovery code within 5 minutes of the password step,
 * under the same throttle as passwords (a wrong code counts as a failed attempt). Without
 * a live pending sign-in (none, expired, used, unknown e-mail): MFA_SIGNIN_EXPIRED (91);
 * a wrong, replayed or used code: MFA_CODE_INVALID (90). Answers what signin answers.
 */
export async function signInWithSecondFactor(input: SigninMfaRequest, client: SigninClient): Promise<{ user: SigninSuccess; cookie: string }> {
  return counted(
    async () => {
      const login = await getLogin(input.email);
      const pending = login ? await getPendingSignin(login.userId) : undefined;
      if (!login || !pending) throw fail('MFA_SIGNIN_EXPIRED');
      const isMatch = await throttledPasswordCheck(input.email, client.clientAddress, () => consumeSecondFactor(login.userId, input));
      if (!isMatch) throw fail('MFA_CODE_INVALID');
      if (!(await takePendingSignin(login.userId))) throw fail('MFA_SIGNIN_EXPIRED');
      const user = await getUser(login.userId);
      if (!user) throw fail('MFA_SIGNIN_EXPIRED');
      return completeSignin(user, { remember: pending.remember }, client);
    },
    () => true,
  );
}

/** Counts a sign-in that either completes or is refused (a passkey's): the metrics of counted(). */
export async function countedSignin<T>(attempt: () => Promise<T>): Promise<T> {
  return counted(attempt, () => true);
}

/**
 * What every sign-in does once the user is known without a pending second step (a passkey
 * is both factors): EMAIL_NOT_CONFIRMED (14) for an unconfirmed user, else completeSignin.
 */
export async function startSigninSession(userId: string, client: SigninClient, options: { remember: boolean }): Promise<{ user: SigninSuccess; cookie: string }> {
  const user = await getUser(userId);
  if (!user?.isEmailConfirmed) throw fail('EMAIL_NOT_CONFIRMED');
  return completeSignin(user, options, client);
}

/**
 * Starts the session (records the sign-in, notes the device: a new one e-mails the owner). Its current entity is the user's first one the two-factor policy lets
 * them open (an advisor company requiring a second factor the user lacks is skipped).
 */
async function completeSignin(user: UserItem, options: { remember: boolean }, client: SigninClient): Promise<{ user: SigninSuccess; cookie: string }> {
  // A sign-in with a second factor cancels a mailbox recovery waiting to remove them.
  if (hasSecondFactor(user)) await cancelFactorRecovery(user.id);
  // Recording the sign-in and choosing the entity read different items: side by side.
  const [previous, { open, blocked }] = await Promise.all([
    recordSignin(user.id, now().toISOString()),
    listMembershipsOfUser(user.id).then((memberships) => splitByTwoFactorPolicy(user, memberships)),
  ]);
  const [first] = open;
  const [{ cookie }] = await Promise.all([
    startSession(user.id, first ? toSessionMembership(first) : null, { remember: options.remember, userAgent: client.userAgent }),
    noteSigninDevice(previous, client.userAgent),
  ]);
  return { user: { ...toSigninResponse(previous), ...(blocked.length ? { twoFactorSetupRequired: true as const } : {}) }, cookie };
}
