import type { RouteGroup } from '../route-definition';

/** The authorization group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const authorizationRoutes = {
  entry: 'functions/authorization/handler.ts',
  routes: [
    { name: 'listMemberRoles', method: 'GET', path: '/api/authorization/member-roles' },
    { name: 'listWorkRelationRoles', method: 'GET', path: '/api/authorization/work-relation-roles' },
    { name: 'getWorkRelationMemberPermissions', method: 'GET', path: '/api/authorization/work-relation-member-permissions/{entityId}' },
  ],
} as const satisfies RouteGroup;
