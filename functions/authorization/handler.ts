import { createGroupHandler } from '../lib/http';
import { authorizationRoutes } from '../../shared/routes/authorization';
import { authorizationContract } from '../../shared/api-contract/authorization';
import { getWorkRelationMemberPermissions } from '../domain/organisations/get-work-relation-member-permissions';
import { listMemberRoles, listWorkRelationRoles } from '../domain/organisations/list-roles';

export const handler = createGroupHandler('authorization', authorizationRoutes, authorizationContract, {
  listMemberRoles: async () => ({ body: listMemberRoles() }),
  listWorkRelationRoles: async () => ({ body: listWorkRelationRoles() }),
  getWorkRelationMemberPermissions: async ({ session, path }) => ({ body: await getWorkRelationMemberPermissions(session, path.entityId) }),
});
