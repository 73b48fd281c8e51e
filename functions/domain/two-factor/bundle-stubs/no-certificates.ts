/**
 * Stands in for the X.509 and ASN.1 packages of @simplewebauthn/server in the passkeys
 * bundle (shared/routes/passkeys.ts `aliases`). The library needs them only to check an
 * attestation statement's certificates (packed with x5c, tpm, android-key, apple,
 * fido-u2f, metadata); the product asks for no attestation and verifies every
 * registration as `none` (functions/domain/two-factor/verify-registration.ts), so none of this
 * ever runs. Should it be reached, the call says why it fails instead of misbehaving.
 */
export class NotBundled {
  static error(): Error {
    return new Error('Attestation certificates are not bundled into the passkeys function (functions/domain/two-factor/bundle-stubs/no-certificates.ts)');
  }
  constructor() {
    throw NotBundled.error();
  }
}

// @peculiar/x509
export class X509Certificate extends NotBundled {}
export class X509ChainBuilder extends NotBundled {}
export class X509Crl extends NotBundled {}
export class AuthorityKeyIdentifierExtension extends NotBundled {}
export class CRLDistributionPointsExtension extends NotBundled {}
export class SubjectKeyIdentifierExtension extends NotBundled {}

// @peculiar/asn1-x509
export class Certificate extends NotBundled {}
export class BasicConstraints extends NotBundled {}
export class ExtendedKeyUsage extends NotBundled {}
export class SubjectAlternativeName extends NotBundled {}
export class AlgorithmIdentifier extends NotBundled {}
export class SubjectPublicKeyInfo extends NotBundled {}
export const id_ce_basicConstraints = 'not-bundled';
export const id_ce_extKeyUsage = 'not-bundled';
export const id_ce_subjectAltName = 'not-bundled';

// @peculiar/asn1-android
export class KeyDescription extends NotBundled {}
export const id_ce_keyDescription = 'not-bundled';

// @peculiar/asn1-rsa
export class RSAPublicKey extends NotBundled {}
export const id_rsaEncryption = 'not-bundled';
export const id_sha1WithRSAEncryption = 'not-bundled';
export const id_sha256WithRSAEncryption = 'not-bundled';
export const id_sha384WithRSAEncryption = 'not-bundled';
export const id_sha512WithRSAEncryption = 'not-bundled';

// @peculiar/asn1-x509-post-quantum
export const id_ml_dsa_44 = 'not-bundled';
export const id_ml_dsa_65 = 'not-bundled';
export const id_ml_dsa_87 = 'not-bundled';
