import { CanvasUsersPath, ListMembersQuery, MemberIdPath, UpdateMemberRequest } from '../../shared/contracts/members';
import { EntityIdPath } from '../../shared/contracts/entities';
import { EntityAndFamilyPath, FamilyIdOnlyPath, ListAdvisorsRequest, ListFamilyMembersRequest } from '../../shared/contracts/work-relations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { getMember } from '../domain/members/get-member';
import { getAdvisor, listAdvisors, listAdvisorsNotForFamily } from '../domain/members/list-advisors';
import { listCanvasUsers } from '../domain/members/list-canvas-users';
import { getFamilyMember, listFamilyMembers } from '../domain/members/list-family-members';
import { listMembers } from '../domain/members/list-members';
import { listOwners } from '../domain/members/list-owners';
import { listRelatedOwners } from '../domain/members/list-related-owners';
import { removeMember } from '../domain/members/remove-member';
import { updateMember } from '../domain/members/update-member';

export const handler = createGroupHandler('entity-member', {
  listOwners: defineRoute({
    handler: async ({ session }) => ({ body: await listOwners(session) }),
  }),
  listOwnersOf: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await listRelatedOwners(session, path.entityId) }),
  }),
  listOwnersViaFamily: defineRoute({
    path: EntityAndFamilyPath,
    handler: async ({ session, path }) => ({ body: await listRelatedOwners(session, path.entityId, path.familyId) }),
  }),
  listMembers: defineRoute({
    query: ListMembersQuery,
    handler: async ({ session, query }) => ({ body: await listMembers(session, query) }),
  }),
  listCanvasUsers: defineRoute({
    path: CanvasUsersPath,
    handler: async ({ session, path }) => ({ body: await listCanvasUsers(session, path.entityId) }),
  }),
  listAdvisors: defineRoute({
    body: ListAdvisorsRequest,
    handler: async ({ session, body }) => ({ body: await listAdvisors(session, body) }),
  }),
  listAdvisorsOfFamily: defineRoute({
    path: FamilyIdOnlyPath,
    body: ListAdvisorsRequest,
    handler: async ({ session, path, body }) => ({ body: await listAdvisors(session, body, path.familyId) }),
  }),
  getAdvisor: defineRoute({
    path: MemberIdPath,
    handler: async ({ session, path }) => ({ body: await getAdvisor(session, path.memberId) }),
  }),
  listFamilyMembers: defineRoute({
    body: ListFamilyMembersRequest,
    handler: async ({ session, body }) => ({ body: await listFamilyMembers(session, body) }),
  }),
  getFamilyMember: defineRoute({
    path: MemberIdPath,
    handler: async ({ session, path }) => ({ body: await getFamilyMember(session, path.memberId) }),
  }),
  listAdvisorsNotForFamily: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await listAdvisorsNotForFamily(session, path.entityId) }),
  }),
  getMember: defineRoute({
    path: MemberIdPath,
    handler: async ({ session, path }) => ({ body: await getMember(session, path.memberId) }),
  }),
  updateMember: defineRoute({
    path: MemberIdPath,
    body: UpdateMemberRequest,
    handler: async ({ session, path, body }) => ({ body: await updateMember(session, path.memberId, body) }),
  }),
  removeMember: defineRoute({
    path: MemberIdPath,
    handler: async ({ session, path }) => {
      await removeMember(session, path.memberId);
      return { status: 204 };
    },
  }),
});
