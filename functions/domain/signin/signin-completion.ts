import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SigninMfaRequiredResponse, SigninSuccessResponse } from '../../../shared/contracts/mfa';
import { hasSecondFactor } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { listMembershipsOfUser } from '../../records/members';
import { getUser, recordSignin, toSigninResponse, type UserItem } from '../../records/users';
import { deviceSightingOf, mailIfNewDevice } from '../accounts/devices';
import { AppError, fail } from '../../lib/errors';
import { countMetric } from '../../lib/observability';
import { businessMetrics } from '../../../shared/metrics';
import { toSessionMembership } from '../access/memberships';
import { splitByTwoFactorPolicy } from '../two-factor/policy';
import { getEntities, type EntityItem } from '../../records/entities';
import { cancelFactorRecovery } from '../../records/factor-recoveries';
import { getPendingSignin, takePendingSignin, type PendingSignin } from '../../records/pending-signins';
import { newSession, sessionActorOf } from '../sessions/session';
import { sessionWrite } from '../../records/session-items';
import { transactWrites } from '../../lib/db/table';
import { clearPendingSigninCookie, knownDeviceOf, newDeviceCookie, pendingSigninNonceOf, type KnownDevice } from '../sessions/signin-cookies';
import { clientAddressOf, userAgentOf } from '../../lib/client-address';
import type { ThrottleClient } from '../../records/signin-throttle';

/**
 * Who signs in: the client address, the User-Agent, and what the browser's sign-in
 * cookies say (functions/domain/sessions/signin-cookies.ts): the nonce of its pending sign-in and its
 * valid device cookie, if any.
 */
export type SigninClient = { clientAddress: string; userAgent: string; pendingNonce?: string; knownDevice?: KnownDevice };

/** A completed sign-in (shared/contracts/mfa.ts SigninSuccessResponse) and the Set-Cookie values that go with it. */
export type SigninSuccess = SigninSuccessResponse;

export type CompletedSignin = { user: SigninSuccess; cookies: string[] };

export type SigninResult = CompletedSignin | { mfa: SigninMfaRequiredResponse; cookies: string[] };

/** The sign-in client of a request: its address, User-Agent and sign-in cookies. */
export async function signinClientOf(event: APIGatewayProxyEventV2): Promise<SigninClient> {
  return {
    clientAddress: clientAddressOf(event),
    userAgent: userAgentOf(event),
    pendingNonce: pendingSigninNonceOf(event),
    knownDevice: await knownDeviceOf(event),
  };
}

/** The throttle's view of a client: its device id counts only when the device cookie is this account's. */
export function throttleClientOf(client: SigninClient, userId: string | undefined): ThrottleClient {
  const device = client.knownDevice;
  if (userId !== undefined && device?.userId === userId) return { clientAddress: client.clientAddress, deviceId: device.deviceId };
  return { clientAddress: client.clientAddress };
}

/** Counts the sign-in metrics around a step: a refusal (4xx) is a refused sign-in, not a fault. */
export async function counted<T>(step: () => Promise<T>, isSignin: (result: T) => boolean): Promise<T> {
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
export async function completeSignin(user: UserItem, options: { remember: boolean }, client: SigninClient): Promise<CompletedSignin> {
  // A sign-in with a second factor cancels a mailbox recovery waiting to remove them; one that
  // holds a factor "This was not me" reported stays (only its cancel link or completion ends it).
  if (hasSecondFactor(user)) await cancelFactorRecovery(user.id, { unlessHolding: true });
  const memberships = await listMembershipsOfUser(user.id);
  // Every entity of the user in one BatchGet: the companies' two-factor policy, and the name of
  // the one the session opens, kept with the user's names for its canvas writes (Session.actor).
  const entities = memberships.length ? await getEntities(memberships.map((member) => member.entityId)) : new Map<number, EntityItem>();
  const { open, blocked } = await splitByTwoFactorPolicy(user, memberships, entities);
  const [first] = open;
  const firstEntity = first ? entities.get(first.entityId) : undefined;
  // One transaction records the sign-in and the device on the user (read just before: `user`
  // is the user as it was, with the previous lastLoginDate) and stores the session.
  const sighting = deviceSightingOf(user, client.userAgent);
  const started = newSession(user.id, first ? toSessionMembership(first) : null, {
    remember: options.remember,
    userAgent: client.userAgent,
    ...(firstEntity ? { actor: sessionActorOf(user, firstEntity) } : {}),
  });
  await transactWrites<string>([recordSignin(user.id, now().toISOString(), sighting.knownDevices), sessionWrite(started.item)], {
    emailConfirmed: () => fail('EMAIL_NOT_CONFIRMED'),
  });
  await mailIfNewDevice(user, sighting);
  return {
    user: { ...toSigninResponse(user), ...(blocked.length ? { twoFactorSetupRequired: true as const } : {}) },
    cookies: [started.cookie, await newDeviceCookie(user.id)],
  };
}
