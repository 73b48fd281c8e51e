import { config } from './config';

/**
 * The WebAuthn relying party is the app itself: its id is the host of APP_URL
 * (`localhost` locally, the site's domain in the cloud) and answers must come from the
 * app's own origin. A passkey is bound to that id: moving the app to another domain
 * leaves the passkeys behind (users sign in with the password and add new ones).
 * WebAuthn refuses an IP address as the id: the app must run on a host name.
 */
export function relyingParty(): { id: string; origin: string; name: string } {
  const url = new URL(config().appUrl);
  return { id: url.hostname, origin: url.origin, name: 'Family Canvas' };
}

/** The public-key algorithms offered and accepted: Ed25519, P-256 ECDSA, RSA PKCS#1 (COSE ids). */
export const supportedAlgorithmIds = [-8, -7, -257];

/** How long the browser may take, and how long a challenge stays usable (a little longer). */
export const ceremonyTimeoutMs = 3 * 60 * 1000;
export const challengeLifetimeSeconds = 5 * 60;

/**
 * Why the library refused an answer, for the log: its message up to the first quote, so
 * what the client sent (an origin, an id) never reaches the log (docs/operations.md, Logs).
 */
export function refusalReason(error: unknown): string {
  return error instanceof Error ? (error.message.split(/["'`]/)[0] ?? '').trim().slice(0, 120) : 'unknown';
}
