import type { RouteGroup } from '../route-definition';

/** The work-relation group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const workRelationRoutes = {
  entry: 'functions/work-relation/handler.ts',
  // Ending a relation e-mails both sides.
  canSendEmail: true,
  routes: [
    { name: 'listAdvisorCompanies', method: 'POST', path: '/api/work-relation/list-advisor-companies' },
    { name: 'listFamilies', method: 'POST', path: '/api/work-relation/list-families' },
    { name: 'listDashboardFamilies', method: 'POST', path: '/api/work-relation/list-dashboard-families' },
    { name: 'listCanvasAdvisorCompanies', method: 'GET', path: '/api/work-relation/list-canvas-advisor-companies' },
    { name: 'listCanvasAdvisorCompaniesOf', method: 'GET', path: '/api/work-relation/list-canvas-advisor-companies/{id}' },
    { name: 'listSectionAdvisorCompanies', method: 'GET', path: '/api/work-relation/list-section-advisor-companies/{id}' },
    // Either side ends the relation; entityId is the other side (functions/domain/work-relations/end-work-relation.ts).
    { name: 'endWorkRelation', method: 'DELETE', path: '/api/work-relation/{entityId}', requiresRecentAuth: true },
  ],
} as const satisfies RouteGroup;
