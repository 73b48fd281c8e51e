import type { RouteGroup } from '../route-definition';

/** The family-invitation group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const familyInvitationRoutes = {
  entry: 'functions/family-invitation/handler.ts',
  canSendEmail: true,
  routes: [
    { name: 'createFamilyInvitation', method: 'POST', path: '/api/family-invitation/create', takesIdempotencyKey: true },
    { name: 'sendFamilyInvitationEmail', method: 'POST', path: '/api/family-invitation/send-email', takesIdempotencyKey: true },
    { name: 'listFamilyInvitations', method: 'GET', path: '/api/family-invitation/list' },
    { name: 'resendFamilyInvitation', method: 'POST', path: '/api/family-invitation/resend', takesIdempotencyKey: true },
    { name: 'revokeFamilyInvitation', method: 'DELETE', path: '/api/family-invitation/revoke/{id}' },
    { name: 'getFamilyInvitation', method: 'GET', path: '/api/family-invitation', isPublic: true },
    { name: 'acceptFamilyInvitation', method: 'POST', path: '/api/family-invitation/accept', takesIdempotencyKey: true },
  ],
} as const satisfies RouteGroup;
