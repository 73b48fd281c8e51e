import * as z from 'zod';
import { messageKeys, singleLineText } from '../validation';

/**
 * Contracts of the passkey calls (WebAuthn, docs/reference.md "Passkeys"): registering and keeping
 * passkeys in the profile (`/api/mfa/passkey…`), and signing in with one instead of the
 * password (`/api/auth/passkey…`). The browser's WebAuthn answers travel as the JSON
 * `@simplewebauthn/browser` makes of them (base64url fields); these schemas check their
 * shape and size only, the server verifies them (`@simplewebauthn/server`).
 */

import { maxPasskeysPerUser } from '../contract-limits';

// Plain values the functions read too live in shared/contract-limits.ts (they need no schema).
export { maxPasskeysPerUser };
export const passkeyLabelMaxLength = 60;

/** base64url without padding, as WebAuthn's JSON carries binary values. */
const base64url = (maxLength: number) =>
  z
    .string({ error: messageKeys.required })
    .min(1, { error: messageKeys.required })
    .max(maxLength, { error: messageKeys.tooLong })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: messageKeys.invalidInput });

/** A credential id is at most 1023 bytes (WebAuthn level 3): 1364 base64url characters. */
const credentialId = () => base64url(1400);

/** What the browser may report of the client extensions; nothing of it is acted on. */
const clientExtensionResults = z.record(z.string(), z.unknown(), { error: messageKeys.invalidInput });

const authenticatorAttachment = z.enum(['platform', 'cross-platform'], { error: messageKeys.invalidInput }).optional();

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'], { error: messageKeys.invalidInput }), { error: messageKeys.invalidInput })
  .max(8, { error: messageKeys.tooLong });

/** navigator.credentials.create()'s answer as JSON (RegistrationResponseJSON). */
export const RegistrationCredential = z.strictObject({
  id: credentialId(),
  rawId: credentialId(),
  type: z.literal('public-key', { error: messageKeys.invalidInput }),
  response: z.object({
    clientDataJSON: base64url(4000),
    // 'none' attestation is asked for; 16 kB leaves room for an authenticator that still sends a certificate chain.
    attestationObject: base64url(16_000),
    authenticatorData: base64url(8000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput }).optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});
export type RegistrationCredential = z.infer<typeof RegistrationCredential>;

/** navigator.credentials.get()'s answer as JSON (AuthenticationResponseJSON). */
export const AuthenticationCredential = z.strictObject({
  id: credentialId(),
  rawId: credentialId(),
  type: z.literal('public-key', { error: messageKeys.invalidInput }),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(8000),
    signature: base64url(1000),
    // Discoverable credentials always carry it: the account the passkey belongs to.
    userHandle: base64url(100).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});
export type AuthenticationCredential = z.infer<typeof AuthenticationCredential>;

/** A passkey's name in the profile ("Work laptop"): one line, up to 60 characters. */
export const passkeyLabelField = () => singleLineText(passkeyLabelMaxLength);

/**
 * POST /api/mfa/passkey/register/options and POST /api/auth/passkey/options answer the
 * options for navigator.credentials.create() / .get() as JSON (PublicKeyCredentialCreationOptionsJSON,
 * PublicKeyCredentialRequestOptionsJSON); the browser hands them to @simplewebauthn/browser
 * as they are. Only what the web app reads is checked here.
 */
export const PasskeyOptionsResponse = z.looseObject({ challenge: z.string() });
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponse>;

// POST /api/mfa/passkey/register
export const RegisterPasskeyRequest = z.strictObject({ label: passkeyLabelField(), response: RegistrationCredential });
export type RegisterPasskeyRequest = z.infer<typeof RegisterPasskeyRequest>;

/** A passkey as the profile lists it. */
export const Passkey = z.object({
  id: z.string(),
  label: z.string(),
  /** ISO dates: when it was registered, and its latest sign-in (null: never used). */
  createdDate: z.string(),
  lastUsedDate: z.string().nullable(),
  /** Browser and system it was registered from ("Chrome on Mac OS"), when known. */
  device: z.string().optional(),
});
export type Passkey = z.infer<typeof Passkey>;
/**
 * POST /api/mfa/passkey/register: the new passkey, and the account's recovery codes when it
 * had none (the first passkey): shown once, as after turning TOTP on.
 */
export const RegisterPasskeyResponse = Passkey.extend({ recoveryCodes: z.array(z.string()).optional() });
export type RegisterPasskeyResponse = z.infer<typeof RegisterPasskeyResponse>;
// GET /api/mfa/passkeys: oldest first
export const PasskeysResponse = z.array(Passkey);
export type PasskeysResponse = z.infer<typeof PasskeysResponse>;

// POST /api/mfa/passkey/{id} (rename), DELETE /api/mfa/passkey/{id}
export const PasskeyIdPath = z.strictObject({ id: z.string().regex(/^[a-f0-9]{32}$/, { error: messageKeys.invalidInput }) });
export type PasskeyIdPath = z.infer<typeof PasskeyIdPath>;
export const RenamePasskeyRequest = z.strictObject({ label: passkeyLabelField() });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequest>;

// POST /api/auth/passkey: answers what POST /api/auth/signin answers (SigninResponse), with the session cookie.
// `secondStep: true`: the passkey finishes this browser's password step (its pending sign-in cookie is required).
export const PasskeySigninRequest = z.strictObject({ response: AuthenticationCredential, secondStep: z.literal(true).optional() });
export type PasskeySigninRequest = z.infer<typeof PasskeySigninRequest>;
