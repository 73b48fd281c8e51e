import type { RouteGroup } from '../route-definition';

/** The advisor-invitation group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const advisorInvitationRoutes = {
  entry: 'functions/advisor-invitation/handler.ts',
  canSendEmail: true,
  routes: [
    { name: 'createAdvisorInvitation', method: 'POST', path: '/api/advisor-invitation/create', takesIdempotencyKey: true },
    { name: 'sendAdvisorInvitationEmail', method: 'POST', path: '/api/advisor-invitation/send-email', takesIdempotencyKey: true },
    { name: 'listAdvisorInvitations', method: 'GET', path: '/api/advisor-invitation/list' },
    { name: 'resendAdvisorInvitation', method: 'POST', path: '/api/advisor-invitation/resend', takesIdempotencyKey: true },
    { name: 'revokeAdvisorInvitation', method: 'DELETE', path: '/api/advisor-invitation/revoke/{id}' },
    { name: 'getAdvisorInvitation', method: 'GET', path: '/api/advisor-invitation', isPublic: true },
    { name: 'acceptAdvisorInvitation', method: 'POST', path: '/api/advisor-invitation/accept', takesIdempotencyKey: true },
  ],
} as const satisfies RouteGroup;
