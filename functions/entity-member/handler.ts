import { createGroupHandler } from '../http/http';
import { entityMemberRoutes } from '../../shared/routes/entity-member';
import { getMember } from '../domain/members/get-member';
import { getAdvisor, listAdvisors, listAdvisorsNotForFamily } from '../domain/members/list-advisors';
import { listCanvasUsers } from '../domain/members/list-canvas-users';
import { getFamilyMember, listFamilyMembers } from '../domain/members/list-family-members';
import { listMembers } from '../domain/members/list-members';
import { listOwners } from '../domain/members/list-owners';
import { listRelatedOwners } from '../domain/members/list-related-owners';
import { removeMember } from '../domain/members/remove-member';
import { updateMember } from '../domain/members/update-member';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/entity-member').then((module) => module.entityMemberContract);

export const handler = createGroupHandler('entity-member', entityMemberRoutes, contract, {
  listOwners: async ({ session }) => ({ body: await listOwners(session) }),
  listOwnersOf: async ({ session, path }) => ({ body: await listRelatedOwners(session, path.entityId) }),
  listOwnersViaFamily: async ({ session, path }) => ({ body: await listRelatedOwners(session, path.entityId, path.familyId) }),
  listMembers: async ({ session, query }) => ({ body: await listMembers(session, query) }),
  listCanvasUsers: async ({ session, path }) => ({ body: await listCanvasUsers(session, path.entityId) }),
  listAdvisors: async ({ session, body }) => ({ body: await listAdvisors(session, body) }),
  listAdvisorsOfFamily: async ({ session, path, body }) => ({ body: await listAdvisors(session, body, path.familyId) }),
  getAdvisor: async ({ session, path }) => ({ body: await getAdvisor(session, path.memberId) }),
  listFamilyMembers: async ({ session, body }) => ({ body: await listFamilyMembers(session, body) }),
  getFamilyMember: async ({ session, path }) => ({ body: await getFamilyMember(session, path.memberId) }),
  listAdvisorsNotForFamily: async ({ session, path }) => ({ body: await listAdvisorsNotForFamily(session, path.entityId) }),
  getMember: async ({ session, path }) => ({ body: await getMember(session, path.memberId) }),
  updateMember: async ({ session, path, body }) => ({ body: await updateMember(session, path.memberId, body) }),
  removeMember: async ({ session, path }) => {
    await removeMember(session, path.memberId);
    return { status: 204 };
  },
});
