import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { AdvisorMember, type AddWorkRelationMemberRequest, type UpdateWorkRelationMemberRequest } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/** POST /api/work-relation-member/{familyId} {memberId, workRelationRoleId}: gives an advisor without access a canvas role. */
export function addWorkRelationMember(familyId: number, body: AddWorkRelationMemberRequest): Promise<AdvisorMember> {
  return call('addWorkRelationMember', { params: { entityId: familyId }, body });
}

/** POST /api/work-relation-member/update/{memberId}/{familyId} {workRelationRoleId}. */
export function updateWorkRelationMember(familyId: number, memberId: string, body: UpdateWorkRelationMemberRequest): Promise<AdvisorMember> {
  return call('updateWorkRelationMember', { params: { memberId, entityId: familyId }, body });
}

/** DELETE /api/work-relation-member/{memberId}/{familyId}: the advisor keeps no access to the canvas. */
export async function removeWorkRelationMember(familyId: number, memberId: string): Promise<void> {
  await call('removeWorkRelationMember', { params: { memberId, entityId: familyId } });
}

/** After a rights change every advisors list (and the list of those without access) is stale. */
export function useRefreshAdvisors() {
  const queryClient = useQueryClient();
  const entityId = useAtomValue(currentEntityIdAtom);
  return useCallback(() => queryClient.invalidateQueries({ queryKey: workRelationKeys.advisorLists(entityId) }), [queryClient, entityId]);
}
