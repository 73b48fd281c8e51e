import { EntityIdPath } from '../../shared/contracts/entities';
import { createGroupHandler, defineRoute } from '../lib/http';
import { getWorkRelationMemberPermissions } from '../domain/organisations/get-work-relation-member-permissions';
import { listMemberRoles, listWorkRelationRoles } from '../domain/organisations/list-roles';

export const handler = createGroupHandler('authorization', {
  listMemberRoles: defineRoute({ handler: async () => ({ body: listMemberRoles() }) }),
  listWorkRelationRoles: defineRoute({ handler: async () => ({ body: listWorkRelationRoles() }) }),
  getWorkRelationMemberPermissions: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getWorkRelationMemberPermissions(session, path.entityId) }),
  }),
});
