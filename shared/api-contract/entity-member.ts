/** The contract entries of the entity-member group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { EntityIdPath } from '../contracts/entities';
import {
  CanvasUsersPath,
  CanvasUsersResponse,
  EntityMember,
  ListMembersQuery,
  MemberIdPath,
  MembersResponse,
  OwnersResponse,
  UpdateMemberRequest,
  UpdateMemberResponse,
} from '../contracts/members';
import {
  AdvisorMember,
  AdvisorsResponse,
  EntityAndFamilyPath,
  FamilyIdOnlyPath,
  FamilyMemberRow,
  FamilyMembersResponse,
  ListAdvisorsRequest,
  ListFamilyMembersRequest,
} from '../contracts/work-relations';
import { type GroupContract } from './endpoint';

export const entityMemberContract = {
  listOwners: { response: OwnersResponse },
  listMembers: { query: ListMembersQuery, response: MembersResponse },
  listCanvasUsers: { path: CanvasUsersPath, response: CanvasUsersResponse },
  listOwnersOf: { path: EntityIdPath, response: OwnersResponse },
  listOwnersViaFamily: { path: EntityAndFamilyPath, response: OwnersResponse },
  listAdvisors: { body: ListAdvisorsRequest, response: AdvisorsResponse },
  listAdvisorsOfFamily: { path: FamilyIdOnlyPath, body: ListAdvisorsRequest, response: AdvisorsResponse },
  getAdvisor: { path: MemberIdPath, response: AdvisorMember },
  listFamilyMembers: { body: ListFamilyMembersRequest, response: FamilyMembersResponse },
  getFamilyMember: { path: MemberIdPath, response: FamilyMemberRow },
  listAdvisorsNotForFamily: { path: EntityIdPath, response: AdvisorsResponse },
  getMember: { path: MemberIdPath, response: EntityMember },
  updateMember: { path: MemberIdPath, body: UpdateMemberRequest, response: UpdateMemberResponse },
  removeMember: { path: MemberIdPath },
} as const satisfies GroupContract<'entity-member'>;
