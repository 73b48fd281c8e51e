import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from '../../lib/config';
import { signWithServerSecret, verifiesWithServerSecret } from '../../lib/server-secret';
import { readCookie } from './session';

/**
 * The two cookies of signing in besides the session (docs/security.md, notes), both
 * HttpOnly and SameSite=Strict, with the __Host- prefix and Secure on https like the
 * session cookie (functions/domain/sessions/session.ts):
 *
 * - The pending sign-in cookie: a random nonce the password step hands to the browser
 *   that passed it when a second step is due (5 minutes). The pending sign-in is stored
 *   under the nonce's hash, so only that browser can finish it (functions/records/pending-signins.ts).
 * - The device cookie: after a completed sign-in, the user id and a random device id,
 *   signed with an HMAC of the server secret. A browser that presents a valid one for an
 *   account is throttled on its own count (functions/records/signin-throttle.ts), so guesses
 *   from elsewhere never lock the owner out of the browser they use.
 */
export const pendingSigninCookieSeconds = 5 * 60;
/** A year: the browser that signed in stays known while it is used at least yearly. */
export const deviceCookieSeconds = 365 * 24 * 3600;

const pendingName = 'fc_signin';
const deviceName = 'fc_device';

function nameInUse(name: string): string {
  return config().isSecureCookie ? `__Host-${name}` : name;
}

function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  const secure = config().isSecureCookie ? '; Secure' : '';
  return `${nameInUse(name)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

function cookieOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headerEntry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === 'cookie');
  return readCookie(nameInUse(name), event.cookies, headerEntry?.[1]);
}

/** A new nonce for a pending sign-in and the Set-Cookie that hands it to this browser. */
export function newPendingSigninCookie(): { nonce: string; cookie: string } {
  const nonce = randomBytes(32).toString('base64url');
  return { nonce, cookie: setCookie(pendingName, nonce, pendingSigninCookieSeconds) };
}

export function clearPendingSigninCookie(): string {
  return setCookie(pendingName, '', 0);
}

/** The pending sign-in nonce the request carries (undefined without one). */
export function pendingSigninNonceOf(event: APIGatewayProxyEventV2): string | undefined {
  return cookieOf(event, pendingName);
}

const deviceMessage = (userId: string, deviceId: string) => `signin-device:${userId}:${deviceId}`;

/** The Set-Cookie of a new device cookie for a user (after a completed sign-in). */
export async function newDeviceCookie(userId: string): Promise<string> {
  const deviceId = randomBytes(16).toString('base64url');
  const value = `${Buffer.from(userId, 'utf8').toString('base64url')}.${deviceId}.${(await signWithServerSecret(deviceMessage(userId, deviceId))).toString('base64url')}`;
  return setCookie(deviceName, value, deviceCookieSeconds);
}

/** A device cookie as the request presents it: whose it is and its device id, only when its signature holds. */
export type KnownDevice = { userId: string; deviceId: string };

export async function verifyDeviceCookie(value: string | undefined): Promise<KnownDevice | undefined> {
  const parts = value?.split('.');
  if (parts?.length !== 3) return undefined;
  const [encodedUser, deviceId, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(deviceId) || !/^[A-Za-z0-9_-]{1,200}$/.test(encodedUser)) return undefined;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  // Signed with the current value; a cookie set before a rotation holds while the previous value verifies.
  const isSigned = await verifiesWithServerSecret(
    deviceMessage(userId, deviceId),
    (expected) => given.length === expected.length && timingSafeEqual(given, expected),
  );
  if (!isSigned) return undefined;
  return { userId, deviceId };
}

/** The valid device cookie the request carries, if any (whose account it names is for the caller to compare). */
export function knownDeviceOf(event: APIGatewayProxyEventV2): Promise<KnownDevice | undefined> {
  return verifyDeviceCookie(cookieOf(event, deviceName));
}
