import { useQuery } from '@tanstack/react-query';
import { SigninResponse } from '../../../../../shared/contracts/auth';
import {
  Passkey,
  PasskeyOptionsResponse,
  PasskeysResponse,
  RegisterPasskeyResponse,
  type AuthenticationCredential,
  type RegistrationCredential,
} from '../../../../../shared/contracts/passkeys';
import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/** Query keys of the passkeys. */
export const passkeyKeys = { list: ['passkeys', 'list'] as const };

/** GET /api/mfa/passkeys: the user's passkeys, oldest first. */
export function listPasskeys(): Promise<PasskeysResponse> {
  return call('listPasskeys');
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list, queryFn: listPasskeys });
}

/** POST /api/mfa/passkey/register/options: the options for navigator.credentials.create(), as JSON. */
export function registrationOptions(): Promise<PasskeyOptionsResponse> {
  return call('registrationOptions');
}

/** POST /api/mfa/passkey/register: the browser's answer and the name the user gave it; the recovery codes with the first passkey. */
export function registerPasskey(label: string, response: RegistrationCredential): Promise<RegisterPasskeyResponse> {
  return call('registerPasskey', { body: { label, response } });
}

/** POST /api/mfa/passkey/{id}: renames a passkey. */
export function renamePasskey(id: string, label: string): Promise<Passkey> {
  return call('renamePasskey', { params: { id }, body: { label } });
}

/** DELETE /api/mfa/passkey/{id} */
export function removePasskey(id: string): Promise<unknown> {
  return call('removePasskey', { params: { id } });
}

/** POST /api/auth/passkey/options: the options for navigator.credentials.get(), as JSON (public). */
export function authenticationOptions(): Promise<PasskeyOptionsResponse> {
  return call('authenticationOptions');
}

/**
 * POST /api/auth/passkey: signs in with the passkey's answer; answers what the password
 * sign-in answers. The login page shows "e-mail not confirmed" (14) itself. As the second
 * step after the password (`secondStep`), it finishes this browser's pending sign-in.
 */
export function signInWithPasskey(response: AuthenticationCredential, options: { secondStep?: boolean } = {}): Promise<SigninResponse> {
  return call('signInWithPasskey', {
    body: { response, ...(options.secondStep ? { secondStep: true } : {}) },
    handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED],
  });
}
