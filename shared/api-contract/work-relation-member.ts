/** The contract entries of the work-relation-member group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { EntityIdPath } from '../contracts/entities';
import { AddWorkRelationMemberRequest, AdvisorMember, MemberAndEntityPath, UpdateWorkRelationMemberRequest } from '../contracts/work-relations';
import { type GroupContract } from './endpoint';

export const workRelationMemberContract = {
  addWorkRelationMember: { path: EntityIdPath, body: AddWorkRelationMemberRequest, response: AdvisorMember },
  updateWorkRelationMember: { path: MemberAndEntityPath, body: UpdateWorkRelationMemberRequest, response: AdvisorMember },
  removeWorkRelationMember: { path: MemberAndEntityPath },
} as const satisfies GroupContract<'work-relation-member'>;
