import { createGroupHandler } from '../lib/http';
import { endWorkRelationWith } from './end-work-relation';
import { listAdvisorCompanies } from './list-advisor-companies';
import { listCanvasAdvisorCompanies, listSectionAdvisorCompanies } from './list-canvas-advisor-companies';
import { listDashboardFamilies } from './list-dashboard-families';
import { listFamilies } from './list-families';

export const handler = createGroupHandler('work-relation', {
  listAdvisorCompanies: async ({ session, body }) => ({ body: await listAdvisorCompanies(session, body) }),
  listFamilies: async ({ session, body }) => ({ body: await listFamilies(session, body) }),
  listDashboardFamilies: async ({ session, body }) => ({ body: await listDashboardFamilies(session, body) }),
  listCanvasAdvisorCompanies: async ({ session }) => ({ body: await listCanvasAdvisorCompanies(session) }),
  listCanvasAdvisorCompaniesOf: async ({ session, path }) => ({ body: await listCanvasAdvisorCompanies(session, path.id) }),
  listSectionAdvisorCompanies: async ({ session, path }) => ({ body: await listSectionAdvisorCompanies(session, path.id) }),
  endWorkRelation: async ({ session, path }) => {
    await endWorkRelationWith(session, path.entityId);
    return { status: 204 };
  },
});
