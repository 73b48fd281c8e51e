/** The contract entries of the authorization group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { EntityIdPath } from '../contracts/entities';
import { MemberRolesResponse, WorkRelationRolesResponse } from '../contracts/members';
import { WorkRelationMemberPermissions } from '../contracts/work-relations';
import { type GroupContract } from './endpoint';

export const authorizationContract = {
  listMemberRoles: { response: MemberRolesResponse },
  listWorkRelationRoles: { response: WorkRelationRolesResponse },
  getWorkRelationMemberPermissions: { path: EntityIdPath, response: WorkRelationMemberPermissions },
} as const satisfies GroupContract<'authorization'>;
