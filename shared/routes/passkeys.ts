import type { RouteGroup } from '../routes';

/** The passkeys group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
// Passkeys (WebAuthn): kept in the profile, and a sign-in without the password (README, Passkeys).
// Plain strings, no call: a call at the top level would keep this file in every bundle that imports the manifest.
const noCertificates = 'functions/domain/two-factor/bundle-stubs/no-certificates.ts';
const ecdsaSignature = 'functions/domain/two-factor/bundle-stubs/ecdsa-signature.ts';

export const passkeysRoutes = {
  entry: 'functions/passkeys/handler.ts',
  // A passkey sign-in from a new device e-mails the owner, as a password sign-in does.
  canSendEmail: true,
  // The first passkey of an account without recovery codes hands them out (keyed hashes).
  readsMfaKey: true,
  // What its bundle carries and never runs (README, "Lambda bundles"): the attestation
  // certificate code and asn1js (registrations are verified as attestation none), and the
  // library's package index with its metadata service.
  aliases: {
    '@peculiar/x509': noCertificates,
    '@peculiar/asn1-x509': noCertificates,
    '@peculiar/asn1-android': noCertificates,
    '@peculiar/asn1-rsa': noCertificates,
    '@peculiar/asn1-x509-post-quantum': noCertificates,
    'reflect-metadata': 'functions/domain/two-factor/bundle-stubs/no-reflect-metadata.ts',
    '@peculiar/asn1-schema': ecdsaSignature,
    '@peculiar/asn1-ecc': ecdsaSignature,
    '@simplewebauthn/server': 'functions/domain/two-factor/bundle-stubs/simplewebauthn-server.ts',
    // esbuild's alias of a package covers its subpaths too: the helpers stay the library's own.
    '@simplewebauthn/server/helpers': 'node_modules/@simplewebauthn/server/esm/helpers/index.js',
  },
  routes: [
    { name: 'registrationOptions', method: 'POST', path: '/api/mfa/passkey/register/options', requiresRecentAuth: true },
    { name: 'registerPasskey', method: 'POST', path: '/api/mfa/passkey/register', requiresRecentAuth: true },
    { name: 'listPasskeys', method: 'GET', path: '/api/mfa/passkeys' },
    { name: 'renamePasskey', method: 'POST', path: '/api/mfa/passkey/{id}' },
    { name: 'removePasskey', method: 'DELETE', path: '/api/mfa/passkey/{id}', requiresRecentAuth: true },
    { name: 'authenticationOptions', method: 'POST', path: '/api/auth/passkey/options', isPublic: true },
    { name: 'signInWithPasskey', method: 'POST', path: '/api/auth/passkey', isPublic: true },
  ],
} as const satisfies RouteGroup;
