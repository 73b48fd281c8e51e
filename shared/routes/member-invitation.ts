import type { RouteGroup } from '../route-definition';

/** The member-invitation group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const memberInvitationRoutes = {
  entry: 'functions/member-invitation/handler.ts',
  canSendEmail: true,
  routes: [
    { name: 'createMemberInvitation', method: 'POST', path: '/api/member-invitation/create', takesIdempotencyKey: true },
    { name: 'sendMemberInvitationEmail', method: 'POST', path: '/api/member-invitation/send-email', takesIdempotencyKey: true },
    { name: 'listMemberInvitations', method: 'GET', path: '/api/member-invitation/list' },
    { name: 'resendMemberInvitation', method: 'POST', path: '/api/member-invitation/resend', takesIdempotencyKey: true },
    { name: 'revokeMemberInvitation', method: 'DELETE', path: '/api/member-invitation/revoke/{id}' },
    { name: 'getMemberInvitation', method: 'GET', path: '/api/member-invitation', isPublic: true },
    { name: 'acceptMemberInvitation', method: 'GET', path: '/api/member-invitation/accept', changesState: true },
  ],
} as const satisfies RouteGroup;
