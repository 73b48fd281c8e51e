import { createGroupHandler } from '../http/http';
import { authorizationRoutes } from '../../shared/routes/authorization';
import { getWorkRelationMemberPermissions } from '../domain/organisations/get-work-relation-member-permissions';
import { listMemberRoles, listWorkRelationRoles } from '../domain/organisations/list-roles';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/authorization').then((module) => module.authorizationContract);

export const handler = createGroupHandler('authorization', authorizationRoutes, contract, {
  listMemberRoles: async () => ({ body: listMemberRoles() }),
  listWorkRelationRoles: async () => ({ body: listWorkRelationRoles() }),
  getWorkRelationMemberPermissions: async ({ session, path }) => ({ body: await getWorkRelationMemberPermissions(session, path.entityId) }),
});
