import { CanvasUsersPath, ListMembersQuery, MemberIdPath, UpdateMemberRequest } from '../../shared/contracts/members';
import { createGroupHandler, defineRoute } from '../lib/http';
import { requireSession } from '../lib/session';
import { getMember } from './get-member';
import { listCanvasUsers } from './list-canvas-users';
import { listMembers } from './list-members';
import { listOwners } from './list-owners';
import { removeMember } from './remove-member';
import { updateMember } from './update-member';

export const handler = createGroupHandler('entity-member', {
  listOwners: defineRoute({
    handler: async ({ session }) => ({ body: await listOwners(requireSession(session)) }),
  }),
  listMembers: defineRoute({
    query: ListMembersQuery,
    handler: async ({ session, query }) => ({ body: await listMembers(requireSession(session), query) }),
  }),
  listCanvasUsers: defineRoute({
    path: CanvasUsersPath,
    handler: async ({ session, path }) => ({ body: await listCanvasUsers(requireSession(session), path.entityId) }),
  }),
  getMember: defineRoute({
    path: MemberIdPath,
    handler: async ({ session, path }) => ({ body: await getMember(requireSession(session), path.memberId) }),
  }),
  updateMember: defineRoute({
    path: MemberIdPath,
    body: UpdateMemberRequest,
    handler: async ({ session, path, body }) => ({ body: await updateMember(requireSession(session), path.memberId, body) }),
  }),
  removeMember: defineRoute({
    path: MemberIdPath,
    handler: async ({ session, path }) => {
      await removeMember(requireSession(session), path.memberId);
      return { status: 204 };
    },
  }),
});
