import { EntityIdPath } from '../../shared/contracts/entities';
import { ListAdvisorCompaniesRequest, ListDashboardFamiliesRequest, ListFamiliesRequest, NumericIdPath } from '../../shared/contracts/work-relations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { endWorkRelationWith } from '../domain/work-relations/end-work-relation';
import { listAdvisorCompanies } from '../domain/work-relations/list-advisor-companies';
import { listCanvasAdvisorCompanies } from '../domain/work-relations/list-canvas-advisor-companies';
import { listDashboardFamilies } from '../domain/work-relations/list-dashboard-families';
import { listFamilies } from '../domain/work-relations/list-families';
import { listSectionAdvisorCompanies } from '../domain/work-relations/list-section-advisor-companies';

export const handler = createGroupHandler('work-relation', {
  listAdvisorCompanies: defineRoute({
    body: ListAdvisorCompaniesRequest,
    handler: async ({ session, body }) => ({ body: await listAdvisorCompanies(session, body) }),
  }),
  listFamilies: defineRoute({
    body: ListFamiliesRequest,
    handler: async ({ session, body }) => ({ body: await listFamilies(session, body) }),
  }),
  listDashboardFamilies: defineRoute({
    body: ListDashboardFamiliesRequest,
    handler: async ({ session, body }) => ({ body: await listDashboardFamilies(session, body) }),
  }),
  listCanvasAdvisorCompanies: defineRoute({
    handler: async ({ session }) => ({ body: await listCanvasAdvisorCompanies(session) }),
  }),
  listCanvasAdvisorCompaniesOf: defineRoute({
    path: NumericIdPath,
    handler: async ({ session, path }) => ({ body: await listCanvasAdvisorCompanies(session, path.id) }),
  }),
  listSectionAdvisorCompanies: defineRoute({
    path: NumericIdPath,
    handler: async ({ session, path }) => ({ body: await listSectionAdvisorCompanies(session, path.id) }),
  }),
  endWorkRelation: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => {
      await endWorkRelationWith(session, path.entityId);
      return { status: 204 };
    },
  }),
});
