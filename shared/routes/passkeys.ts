import type { RouteGroup } from '../route-definition';

/** The passkeys group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
// Passkeys (WebAuthn): kept in the profile, and a sign-in without the password (docs/reference.md, Passkeys).
export const passkeysRoutes = {
  entry: 'functions/passkeys/handler.ts',
  // A passkey sign-in from a new device e-mails the owner, as a password sign-in does.
  canSendEmail: true,
  // The first passkey of an account without recovery codes hands them out (keyed hashes).
  readsMfaKey: true,
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
