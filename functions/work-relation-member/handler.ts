import { createGroupHandler } from '../http/idempotency';
import { workRelationMemberRoutes } from '../../shared/routes/work-relation-member';
import { changeWorkRelationMember } from '../domain/work-relations/change-work-relation-member';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/work-relation-member').then((module) => module.workRelationMemberContract);

export const handler = createGroupHandler('work-relation-member', workRelationMemberRoutes, contract, {
  addWorkRelationMember: async ({ session, path, body }) => ({
    status: 201,
    body: await changeWorkRelationMember(session, 'add', { familyId: path.entityId, ...body }),
  }),
  updateWorkRelationMember: async ({ session, path, body }) => ({
    body: await changeWorkRelationMember(session, 'update', { familyId: path.entityId, memberId: path.memberId, ...body }),
  }),
  removeWorkRelationMember: async ({ session, path }) => {
    await changeWorkRelationMember(session, 'remove', { familyId: path.entityId, memberId: path.memberId });
    return { status: 204 };
  },
});
