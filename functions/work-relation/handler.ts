import { createGroupHandler } from '../http/http';
import { workRelationRoutes } from '../../shared/routes/work-relation';
import { endWorkRelationWith } from '../domain/work-relations/end-work-relation';
import { listAdvisorCompanies } from '../domain/work-relations/list-advisor-companies';
import { listCanvasAdvisorCompanies } from '../domain/work-relations/list-canvas-advisor-companies';
import { listDashboardFamilies } from '../domain/work-relations/list-dashboard-families';
import { listFamilies } from '../domain/work-relations/list-families';
import { listSectionAdvisorCompanies } from '../domain/work-relations/list-section-advisor-companies';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/work-relation').then((module) => module.workRelationContract);

export const handler = createGroupHandler('work-relation', workRelationRoutes, contract, {
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
