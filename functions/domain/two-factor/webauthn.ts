/**
 * The functions of @simplewebauthn/server the passkey ceremonies use, imported with
 * `await import()` at the first ceremony rather than with the handler: with its @peculiar
 * ASN.1 and CBOR packages it is the largest part of the passkeys group's evaluation, and most
 * of the group's requests (the list, a rename, a removal) never build or verify a ceremony
 * (docs/architecture-decisions.md, Lambda bundles).
 */
export { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
