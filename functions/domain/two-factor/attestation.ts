import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A registration's attestation, made `none` before it is verified. The options ask for no
 * attestation (passkey-registration-options.ts) and the product trusts no authenticator
 * maker's certificate (docs/product/sessions-and-sign-in.md, Passkeys), so an attestation statement
 * an authenticator sends anyway (`packed`, `fido-u2f`, `tpm`, `android-key`, `apple`) is
 * dropped unread, as a browser may do itself for conveyance `none` (WebAuthn §5.4.7):
 * the format becomes `none`, the statement empty, and the authenticator data — the
 * credential, its public key, the flags and the relying party's hash, everything that is
 * verified — stays as sent. So certificate code never runs, and the passkeys bundle
 * carries none (shared/routes.ts `aliases`).
 *
 * Throws on what is not a CBOR map with authenticator data: the caller refuses it like any
 * other answer that does not verify.
 */
export function withNoneAttestation(attestationObject: string): string {
  const decoded = isoCBOR.decodeFirst<unknown>(isoBase64URL.toBuffer(attestationObject));
  const authData = decoded instanceof Map ? (decoded as Map<unknown, unknown>).get('authData') : undefined;
  if (!(authData instanceof Uint8Array)) throw new Error('Attestation object without authenticator data');
  const none = new Map<string, string | Map<string, string> | Uint8Array>([
    ['fmt', 'none'],
    ['attStmt', new Map<string, string>()],
    ['authData', authData],
  ]);
  return isoBase64URL.fromBuffer(isoCBOR.encode(none));
}
