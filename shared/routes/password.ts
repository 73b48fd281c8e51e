import type { RouteGroup } from '../route-definition';

/** The password group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const passwordRoutes = {
  entry: 'functions/password/handler.ts',
  canSendEmail: true,
  routes: [
    { name: 'sendReset', method: 'POST', path: '/api/password/send-reset', isPublic: true },
    { name: 'resetPassword', method: 'POST', path: '/api/password/reset', isPublic: true },
    // Beyond the specs: the reset page checks its link when it opens (204, or the reset's own refusal).
    { name: 'checkReset', method: 'POST', path: '/api/password/check-reset', isPublic: true },
    { name: 'changePassword', method: 'PATCH', path: '/api/password/change' },
    // "This was not me" from a sign-in-method mail: undoes the change, ends every session, leads to a reset.
    { name: 'reportNotMe', method: 'POST', path: '/api/password/not-me', isPublic: true },
    // Lost every second factor: a recovery through the mailbox with a waiting period (docs/security.md, notes).
    { name: 'requestFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/request', isPublic: true },
    { name: 'factorRecoveryStatus', method: 'POST', path: '/api/password/factor-recovery/status', isPublic: true },
    { name: 'startFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/start', isPublic: true },
    { name: 'completeFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/complete', isPublic: true },
    { name: 'cancelFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/cancel', isPublic: true },
  ],
} as const satisfies RouteGroup;
