import type { RouteGroup } from '../route-definition';

/** The entity-member group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const entityMemberRoutes = {
  entry: 'functions/entity-member/handler.ts',
  routes: [
    { name: 'listOwners', method: 'GET', path: '/api/entity-member/owners' },
    { name: 'listMembers', method: 'GET', path: '/api/entity-member/members' },
    { name: 'listCanvasUsers', method: 'GET', path: '/api/entity-member/list-canvas-users/{entityId}' },
    { name: 'listOwnersOf', method: 'GET', path: '/api/entity-member/owners/{entityId}' },
    { name: 'listOwnersViaFamily', method: 'GET', path: '/api/entity-member/owners/{entityId}/{familyId}' },
    { name: 'listAdvisors', method: 'POST', path: '/api/entity-member/list-advisors' },
    { name: 'listAdvisorsOfFamily', method: 'POST', path: '/api/entity-member/list-advisors/{familyId}' },
    { name: 'getAdvisor', method: 'GET', path: '/api/entity-member/advisor/{memberId}' },
    { name: 'listFamilyMembers', method: 'POST', path: '/api/entity-member/list-family-members' },
    { name: 'getFamilyMember', method: 'GET', path: '/api/entity-member/family-member/{memberId}' },
    { name: 'listAdvisorsNotForFamily', method: 'GET', path: '/api/entity-member/list-advisors-not-for-family/{entityId}' },
    { name: 'getMember', method: 'GET', path: '/api/entity-member/{memberId}' },
    { name: 'updateMember', method: 'POST', path: '/api/entity-member/{memberId}', requiresRecentAuth: true },
    { name: 'removeMember', method: 'DELETE', path: '/api/entity-member/{memberId}' },
  ],
} as const satisfies RouteGroup;
