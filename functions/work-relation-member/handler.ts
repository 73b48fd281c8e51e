import { createGroupHandler } from '../lib/idempotency';
import { workRelationMemberRoutes } from '../../shared/routes/work-relation-member';
import { workRelationMemberContract } from '../../shared/api-contract/work-relation-member';
import { changeWorkRelationMember } from '../domain/work-relations/change-work-relation-member';

export const handler = createGroupHandler('work-relation-member', workRelationMemberRoutes, workRelationMemberContract, {
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
