import type { RouteGroup } from '../route-definition';

/** The email-confirmation group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const emailConfirmationRoutes = {
  entry: 'functions/email-confirmation/handler.ts',
  canSendEmail: true,
  routes: [
    { name: 'confirmEmail', method: 'GET', path: '/api/email-confirmation', isPublic: true, changesState: true },
    { name: 'resendConfirmationLink', method: 'POST', path: '/api/email-confirmation/resend-confirmation-link', isPublic: true },
  ],
} as const satisfies RouteGroup;
