import type { RouteGroup } from '../route-definition';

/** The mfa group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const mfaRoutes = {
  entry: 'functions/mfa/handler.ts',
  readsMfaKey: true,
  // Every change of a sign-in method is announced by mail (functions/domain/accounts/notice.ts).
  canSendEmail: true,
  routes: [
    { name: 'getTwoFactorStatus', method: 'GET', path: '/api/mfa/status' },
    { name: 'setupTotp', method: 'POST', path: '/api/mfa/totp/setup', requiresRecentAuth: true },
    { name: 'enableTotp', method: 'POST', path: '/api/mfa/totp/enable', requiresRecentAuth: true },
    { name: 'disableTotp', method: 'POST', path: '/api/mfa/totp/disable', requiresRecentAuth: true },
    // The advisor company's policy (owner only): every member must sign in with a second factor.
    { name: 'getTwoFactorPolicy', method: 'GET', path: '/api/entities/two-factor-policy' },
    { name: 'updateTwoFactorPolicy', method: 'PUT', path: '/api/entities/two-factor-policy' },
  ],
} as const satisfies RouteGroup;
