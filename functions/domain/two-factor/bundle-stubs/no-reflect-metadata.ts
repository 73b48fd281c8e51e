/**
 * Stands in for reflect-metadata in the passkeys bundle (shared/routes/passkeys.ts `aliases`): a
 * global polyfill that @simplewebauthn/server loads only for @peculiar/x509's dependency
 * injection (tsyringe), which the bundle does not carry (no-certificates.ts). Nothing else
 * reads the metadata it would define.
 */
export {};
