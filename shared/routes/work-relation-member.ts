import type { RouteGroup } from '../route-definition';

/** The work-relation-member group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const workRelationMemberRoutes = {
  entry: 'functions/work-relation-member/handler.ts',
  routes: [
    { name: 'addWorkRelationMember', method: 'POST', path: '/api/work-relation-member/{entityId}', requiresRecentAuth: true, takesIdempotencyKey: true },
    { name: 'updateWorkRelationMember', method: 'POST', path: '/api/work-relation-member/update/{memberId}/{entityId}', requiresRecentAuth: true },
    { name: 'removeWorkRelationMember', method: 'DELETE', path: '/api/work-relation-member/{memberId}/{entityId}', requiresRecentAuth: true },
  ],
} as const satisfies RouteGroup;
