/** The contract entries of the work-relation group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { EntityIdPath } from '../contracts/entities';
import {
  AdvisorCompaniesResponse,
  AdvisorCompanyChipsResponse,
  DashboardFamiliesResponse,
  FamiliesResponse,
  ListAdvisorCompaniesRequest,
  ListDashboardFamiliesRequest,
  ListFamiliesRequest,
  NumericIdPath,
} from '../contracts/work-relations';
import { type GroupContract } from './endpoint';

export const workRelationContract = {
  listAdvisorCompanies: { body: ListAdvisorCompaniesRequest, response: AdvisorCompaniesResponse },
  listFamilies: { body: ListFamiliesRequest, response: FamiliesResponse },
  listDashboardFamilies: { body: ListDashboardFamiliesRequest, response: DashboardFamiliesResponse },
  listCanvasAdvisorCompanies: { response: AdvisorCompanyChipsResponse },
  listCanvasAdvisorCompaniesOf: { path: NumericIdPath, response: AdvisorCompanyChipsResponse },
  listSectionAdvisorCompanies: { path: NumericIdPath, response: AdvisorCompanyChipsResponse },
  endWorkRelation: { path: EntityIdPath },
} as const satisfies GroupContract<'work-relation'>;
