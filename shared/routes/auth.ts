import type { RouteGroup } from '../route-definition';

/** The auth group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const authRoutes = {
  entry: 'functions/auth/handler.ts',
  canSendEmail: true,
  readsMfaKey: true,
  routes: [
    { name: 'getSalt', method: 'POST', path: '/api/auth/salt', isPublic: true },
    { name: 'signUp', method: 'POST', path: '/api/auth/signup', isPublic: true },
    { name: 'signIn', method: 'POST', path: '/api/auth/signin', isPublic: true },
    { name: 'signOut', method: 'POST', path: '/api/auth/signout', isPublic: true },
    { name: 'setCurrentEntity', method: 'POST', path: '/api/auth/set-current-entity' },
    // Two-factor sign-in, second step (docs/product/sessions-and-sign-in.md#two-factor-sign-in): completes a password step of the last 5 minutes.
    { name: 'signInMfa', method: 'POST', path: '/api/auth/signin/mfa', isPublic: true },
    // Stamps the session as recently authenticated (password or second factor).
    { name: 'reauthenticate', method: 'POST', path: '/api/auth/reauthenticate' },
  ],
} as const satisfies RouteGroup;
