import { EntityIdPath } from '../../shared/contracts/entities';
import { AddWorkRelationMemberRequest, MemberAndEntityPath, UpdateWorkRelationMemberRequest } from '../../shared/contracts/work-relations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { changeWorkRelationMember } from '../domain/work-relations/change-work-relation-member';

export const handler = createGroupHandler('work-relation-member', {
  addWorkRelationMember: defineRoute({
    path: EntityIdPath,
    body: AddWorkRelationMemberRequest,
    handler: async ({ session, path, body }) => ({
      status: 201,
      body: await changeWorkRelationMember(session, 'add', { familyId: path.entityId, ...body }),
    }),
  }),
  updateWorkRelationMember: defineRoute({
    path: MemberAndEntityPath,
    body: UpdateWorkRelationMemberRequest,
    handler: async ({ session, path, body }) => ({
      body: await changeWorkRelationMember(session, 'update', { familyId: path.entityId, memberId: path.memberId, ...body }),
    }),
  }),
  removeWorkRelationMember: defineRoute({
    path: MemberAndEntityPath,
    handler: async ({ session, path }) => {
      await changeWorkRelationMember(session, 'remove', { familyId: path.entityId, memberId: path.memberId });
      return { status: 204 };
    },
  }),
});
