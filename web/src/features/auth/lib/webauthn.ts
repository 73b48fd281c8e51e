import type { AuthenticationCredential, PasskeyOptionsResponse, RegistrationCredential } from '../../../../../shared/contracts/passkeys';

/**
 * The browser side of WebAuthn, through @simplewebauthn/browser. The library is imported
 * only when the user starts a ceremony (a click), so it never weighs on the first page's
 * JavaScript (the budget in docs/architecture.md, Budgets).
 */
const loadLibrary = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all (no library needed to tell). */
export function supportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.create === 'function';
}

/** Asks the device to create a passkey for the options the server gave. */
export async function createPasskey(options: PasskeyOptionsResponse): Promise<RegistrationCredential> {
  const { startRegistration } = await loadLibrary();
  return (await startRegistration({ optionsJSON: options as never })) as RegistrationCredential;
}

/** Asks the device for one of its passkeys for this site (the user picks it). */
export async function getPasskeyAssertion(options: PasskeyOptionsResponse): Promise<AuthenticationCredential> {
  const { startAuthentication } = await loadLibrary();
  return (await startAuthentication({ optionsJSON: options as never })) as AuthenticationCredential;
}

export type PasskeyCeremonyFailure = 'cancelled' | 'unsupported' | 'alreadyRegistered' | 'failed';

/**
 * What went wrong in the browser: the user cancelled or let it time out (browsers do not
 * tell these apart, on purpose: NotAllowedError), the device keeps a passkey of this
 * account already (InvalidStateError on create), no support, or anything else.
 */
export function ceremonyFailureOf(error: unknown): PasskeyCeremonyFailure {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'alreadyRegistered';
  if (name === 'NotSupportedError' || !supportsPasskeys()) return 'unsupported';
  return 'failed';
}
