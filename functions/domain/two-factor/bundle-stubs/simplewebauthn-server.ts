/**
 * Stands in for @simplewebauthn/server's package index in the passkeys bundle (shared/routes/passkeys.ts
 * `aliases`): the functions the product calls, from the library's own modules. The index
 * also loads the metadata service (created when the index is loaded, with what it calls to
 * fetch and check FIDO metadata), which a relying party that reads no attestation never
 * uses: 8 KB.
 * The paths are the library's files (14.0.x, pinned in package.json); an upgrade that moves
 * one fails the build and the type check.
 */
export { generateRegistrationOptions } from '../../../../node_modules/@simplewebauthn/server/esm/registration/generateRegistrationOptions.js';
export { generateAuthenticationOptions } from '../../../../node_modules/@simplewebauthn/server/esm/authentication/generateAuthenticationOptions.js';
export { verifyAuthenticationResponse } from '../../../../node_modules/@simplewebauthn/server/esm/authentication/verifyAuthenticationResponse.js';
