import { createGroupHandler, defineRoute } from '../lib/http';
import { listMemberRoles, listWorkRelationRoles } from './list-roles';

export const handler = createGroupHandler('authorization', {
  listMemberRoles: defineRoute({ handler: async () => ({ body: listMemberRoles() }) }),
  listWorkRelationRoles: defineRoute({ handler: async () => ({ body: listWorkRelationRoles() }) }),
});
