import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SigninRequest } from '../../shared/contracts/auth';
import type { SigninMfaRequest, SigninMfaRequiredResponse, SigninSuccessResponse } from '../../shared/contracts/mfa';
import { hasSecondFactor } from '../../shared/permissions';
import { now } from '../lib/clock';
import { listMembershipsOfUser } from '../domain/members/members';
import { throttledPasswordCheck } from '../lib/db/signin-throttle';
import { getLogin, getUser, recordSignin, toSigninResponse, type UserItem } from '../lib/db/users';
import { noteSigninDevice } from '../lib/devices';
import { AppError, fail } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { businessMetrics } from '../../shared/metrics';
import { toSessionMembership } from '../domain/members/memberships';
import { secondFactorMethodsOf } from '../lib/mfa/methods';
import { splitByTwoFactorPolicy } from '../lib/mfa/policy';
import { cancelFactorRecovery } from '../lib/mfa/recovery';
import { consumeSecondFactor, countWrongCode, getPendingSignin, putPendingSignin, takePendingSignin, type PendingSignin } from '../lib/mfa/store';
import { verifyPassword } from '../lib/passwords';
import { startSession } from '../domain/sessions/session';
import { clearPendingSigninCookie, knownDeviceOf, newDeviceCookie, newPendingSigninCookie, pendingSigninNonceOf, type KnownDevice } from '../lib/signin-cookies';
import { clientAddressOf, userAgentOf } from '../lib/client-address';
import type { ThrottleClient } from '../lib/db/signin-throttle';

/**
 * Who signs in: the client address, the User-Agent, and what the browser's sign-in
 * cookies say (functions/lib/signin-cookies.ts): the nonce of its pending sign-in and its
 * valid device cookie, if any.
 */
export type SigninClient = { clientAddress: string; userAgent: string; pendingNonce?: string; knownDevice?: KnownDevice };

/** A completed sign-in (shared/contracts/mfa.ts SigninSuccessResponse) and the Set-Cookie values that go with it. */
export type SigninSuccess = SigninSuccessResponse;
export type CompletedSignin = { user: SigninSuccess; cookies: string[] };
export type SigninResult = CompletedSignin | { mfa: SigninMfaRequiredResponse; cookies: string[] };

/** The sign-in client of a request: its address, User-Agent and sign-in cookies. */
export function signinClientOf(event: APIGatewayProxyEventV2): SigninClient {
  return { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event), pendingNonce: pendingSigninNonceOf(event), knownDevice: knownDeviceOf(event) };
}

/** The throttle's view of a client: its device id counts only when the device cookie is this account's. */
function throttleClientOf(client: SigninClient, userId: string | undefined): ThrottleClient {
  const device = client.knownDevice;
  if (userId !== undefined && device?.userId === userId) return { clientAddress: client.clientAddress, deviceId: device.deviceId };
  return { clientAddress: client.clientAddress };
}

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
 * Throttled (functions/lib/db/signin-throttle.ts): a client that guessed wrong too often
 * waits (TOO_MANY_REQUESTS, 80); a browser with this account's device cookie counts on its
 * own, so others' guesses never hold it up. An unknown e-mail and a wrong password take
 * the same path, scrypt included, and answer SIGNIN_FAILED (12); a right password on an
 * unconfirmed e-mail answers EMAIL_NOT_CONFIRMED (14). The answer carries the previous
 * lastLoginDate (null on the first sign-in, which opens the walkthrough). A sign-in from a
 * device the account has not used before e-mails the owner (functions/lib/devices.ts).
 *
 * With a second factor the right password starts no session: the answer is
 * `{mfaRequired: true, methods}` with a pending sign-in cookie, and the pending sign-in (5
 * minutes) waits under that cookie's nonce for POST /auth/signin/mfa
 * (signInWithSecondFactor) or the passkey second step from the same browser.
 */
export async function signIn(input: SigninRequest, client: SigninClient): Promise<SigninResult> {
  return counted(() => checkPassword(input, client), (result) => 'user' in result);
}

async function checkPassword(input: SigninRequest, client: SigninClient): Promise<SigninResult> {
  // Known or not, the e-mail is looked up the same way; the device cookie counts only for its own account.
  const login = await getLogin(input.email);
  const found: { user?: UserItem } = {};
  const isMatch = await throttledPasswordCheck(
    input.email,
    throttleClientOf(client, login?.userId),
    async () => {
      if (!((await verifyPassword(input.password, login)) && login)) return false;
      found.user = await getUser(login.userId);
      return true;
    },
    // A right password that leads to a second step clears no failure count (the sign-in is not done yet).
    { isFinalStep: () => !(found.user?.isEmailConfirmed && hasSecondFactor(found.user)) },
  );
  const user = found.user;
  if (!isMatch || !login) throw fail('SIGNIN_FAILED');
  if (!user?.isEmailConfirmed) throw fail('EMAIL_NOT_CONFIRMED');
  if (hasSecondFactor(user)) {
    const { nonce, cookie } = newPendingSigninCookie();
    await putPendingSignin(nonce, user.id, input.remember === true);
    return { mfa: { mfaRequired: true, methods: secondFactorMethodsOf(user) }, cookies: [cookie] };
  }
  return completeSignin(user, { remember: input.remember === true }, client);
}

/**
 * The pending sign-in the browser's cookie names, for the account of `userId`: no cookie,
 * or one of another account's sign-in → MFA_SIGNIN_NOT_STARTED (89: start again with the
 * password); expired, used or ended by wrong codes → MFA_SIGNIN_EXPIRED (91).
 */
export async function requirePendingSignin(client: SigninClient, userId: string | undefined): Promise<PendingSignin & { nonce: string }> {
  if (!client.pendingNonce) throw fail('MFA_SIGNIN_NOT_STARTED');
  const pending = await getPendingSignin(client.pendingNonce);
  if (!pending) throw fail('MFA_SIGNIN_EXPIRED');
  if (userId === undefined || pending.userId !== userId) throw fail('MFA_SIGNIN_NOT_STARTED');
  return { ...pending, nonce: client.pendingNonce };
}

/**
 * The second step: a TOTP code or a recovery code within 5 minutes of the password step,
 * from the browser that passed it (its pending sign-in cookie; see requirePendingSignin).
 * A wrong code counts on the throttle like a wrong password and on the pending sign-in:
 * the 5th ends it (pendingSigninMaxWrongCodes). A wrong, replayed or used code:
 * MFA_CODE_INVALID (90). Answers what signin answers, and clears the pending cookie.
 */
export async function signInWithSecondFactor(input: SigninMfaRequest, client: SigninClient): Promise<CompletedSignin> {
  return counted(
    async () => {
      if (!client.pendingNonce) throw fail('MFA_SIGNIN_NOT_STARTED');
      const login = await getLogin(input.email);
      const found: { pending?: PendingSignin & { nonce: string } } = {};
      // A client that must wait hears 80 before anything else; the pending sign-in is read inside the throttle.
      const isMatch = await throttledPasswordCheck(input.email, throttleClientOf(client, login?.userId), async () => {
        found.pending = await requirePendingSignin(client, login?.userId);
        return consumeSecondFactor(found.pending.userId, input);
      });
      const pending = found.pending;
      if (!pending) throw fail('MFA_SIGNIN_EXPIRED');
      if (!isMatch) {
        await countWrongCode(pending.nonce);
        throw fail('MFA_CODE_INVALID');
      }
      return finishPendingSignin(pending, client);
    },
    () => true,
  );
}

/** Uses a pending sign-in up and starts its session; the answer clears the pending cookie. */
export async function finishPendingSignin(pending: PendingSignin & { nonce: string }, client: SigninClient): Promise<CompletedSignin> {
  if (!(await takePendingSignin(pending.nonce))) throw fail('MFA_SIGNIN_EXPIRED');
  const user = await getUser(pending.userId);
  if (!user) throw fail('MFA_SIGNIN_EXPIRED');
  const completed = await completeSignin(user, { remember: pending.remember }, client);
  return { ...completed, cookies: [...completed.cookies, clearPendingSigninCookie()] };
}

/** Counts a sign-in that either completes or is refused (a passkey's): the metrics of counted(). */
export async function countedSignin<T>(attempt: () => Promise<T>): Promise<T> {
  return counted(attempt, () => true);
}

/**
 * What every sign-in does once the user is known without a pending second step (a passkey
 * is both factors): EMAIL_NOT_CONFIRMED (14) for an unconfirmed user, else completeSignin.
 */
export async function startSigninSession(userId: string, client: SigninClient, options: { remember: boolean }): Promise<CompletedSignin> {
  const user = await getUser(userId);
  if (!user?.isEmailConfirmed) throw fail('EMAIL_NOT_CONFIRMED');
  return completeSignin(user, options, client);
}

/**
 * Starts the session (records the sign-in, notes the device: a new one e-mails the owner). Its current entity is the user's first one the two-factor policy lets
 * them open (an advisor company requiring a second factor the user lacks is skipped).
 * The answer sets the session cookie and a new device cookie for this account.
 */
async function completeSignin(user: UserItem, options: { remember: boolean }, client: SigninClient): Promise<CompletedSignin> {
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
  return { user: { ...toSigninResponse(previous), ...(blocked.length ? { twoFactorSetupRequired: true as const } : {}) }, cookies: [cookie, newDeviceCookie(user.id)] };
}
