import { NotBundled } from './no-certificates';

/**
 * Stands in for @peculiar/asn1-schema and @peculiar/asn1-ecc in the passkeys bundle
 * (shared/routes/passkeys.ts `aliases`). Of the ASN.1 code (asn1js and its helpers, about 90 KB),
 * a passkey sign-in needs one thing: @simplewebauthn/server's unwrapEC2Signature reads an
 * ECDSA signature (WebAuthn §6.5.5: ASN.1 DER Ecdsa-Sig-Value, SEQUENCE { r INTEGER,
 * s INTEGER }) as `AsnParser.parse(signature, ECDSASigValue)` and hands r and s to Web
 * Crypto. This module reads exactly that structure, in strict DER as OpenSSL's ECDSA
 * verification does (definite minimal lengths, minimal non-negative integers, nothing
 * after the sequence): anything else is refused, and the signature itself is still
 * checked by Web Crypto. Every other schema belongs to attestation certificates, which the
 * product never verifies (functions/domain/two-factor/verify-registration.ts): parsing one throws.
 */

/** The schema of an ECDSA signature (the only one this module reads). */
export class ECDSASigValue {
  r = new ArrayBuffer(0);
  s = new ArrayBuffer(0);
}

function malformed(why: string): Error {
  return new Error(`Malformed ECDSA signature: ${why}`);
}

/** Reads a DER length at `offset`: short form, or the one-byte long form for 128..255 (the largest, P-521, is 139). */
function readLength(bytes: Uint8Array, offset: number): { length: number; next: number } {
  const first = bytes[offset];
  if (first === undefined) throw malformed('truncated');
  if (first < 0x80) return { length: first, next: offset + 1 };
  const second = bytes[offset + 1];
  if (first !== 0x81 || second === undefined || second < 0x80) throw malformed('length not in minimal DER form');
  return { length: second, next: offset + 2 };
}

/** Reads a DER INTEGER at `offset` that must be positive and minimally encoded; returns its content octets. */
function readPositiveInteger(bytes: Uint8Array, offset: number): { value: Uint8Array; next: number } {
  if (bytes[offset] !== 0x02) throw malformed('INTEGER expected');
  const { length, next } = readLength(bytes, offset + 1);
  const end = next + length;
  if (length === 0 || end > bytes.length) throw malformed('truncated INTEGER');
  const value = bytes.subarray(next, end);
  if (value[0]! & 0x80) throw malformed('negative INTEGER');
  if (value[0] === 0 && (length === 1 || !(value[1]! & 0x80))) throw malformed('INTEGER not minimally encoded');
  return { value, next: end };
}

/** Reads a DER Ecdsa-Sig-Value: r and s as their content octets (a leading 0 where the high bit is set), like asn1-schema's integer converter. */
export function readEcdsaSignature(der: Uint8Array): ECDSASigValue {
  if (der[0] !== 0x30) throw malformed('SEQUENCE expected');
  const { length, next } = readLength(der, 1);
  if (next + length !== der.length) throw malformed('SEQUENCE length does not match');
  const r = readPositiveInteger(der, next);
  const s = readPositiveInteger(der, r.next);
  if (s.next !== der.length) throw malformed('data after s');
  const signature = new ECDSASigValue();
  signature.r = r.value.slice().buffer;
  signature.s = s.value.slice().buffer;
  return signature;
}

/** asn1-schema's parser, for the one schema above. */
export class AsnParser {
  static parse(data: BufferSource, schema: unknown): ECDSASigValue {
    if (schema !== ECDSASigValue) throw NotBundled.error();
    const bytes = ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
    return readEcdsaSignature(bytes);
  }
}

// The rest of what @simplewebauthn/server imports from the two packages: certificate code only.
export class OctetString extends NotBundled {}
export class ECParameters extends NotBundled {}
export const id_ecPublicKey = 'not-bundled';
export const id_secp256r1 = 'not-bundled';
export const id_secp384r1 = 'not-bundled';
export const id_ecdsaWithSHA256 = 'not-bundled';
export const id_ecdsaWithSHA384 = 'not-bundled';
export const id_ecdsaWithSHA512 = 'not-bundled';
