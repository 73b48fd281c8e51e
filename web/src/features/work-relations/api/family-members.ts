import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type * as z from 'zod';
import { FamilyMemberRow, FamilyMembersResponse, ListFamilyMembersRequest } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/**
 * POST /api/entity-member/list-family-members {orderBy, filterBy {entityId}} (docs/product/work-relations.md#calls):
 * the members of the families the current advisor company works for, or of one of them.
 */
export function listFamilyMembers(familyId: number | null, orderBy?: string): Promise<FamilyMembersResponse> {
  const body: z.input<typeof ListFamilyMembersRequest> = {};
  if (orderBy) body.orderBy = orderBy;
  if (familyId !== null) body.filterBy = { entityId: familyId };
  return call('listFamilyMembers', { body });
}

export function useFamilyMembers(familyId: number | null, orderBy?: string) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({
    queryKey: workRelationKeys.familyMembers(entityId, familyId, orderBy),
    queryFn: () => listFamilyMembers(familyId, orderBy),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/entity-member/family-member/{memberId}: one member of a family, for the read-only modal. */
export function getFamilyMember(memberId: string): Promise<FamilyMemberRow> {
  return call('getFamilyMember', { params: { memberId } });
}

export function useFamilyMember(memberId: string | null) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({
    queryKey: workRelationKeys.familyMember(entityId, memberId ?? ''),
    queryFn: () => getFamilyMember(memberId as string),
    enabled: memberId !== null,
  });
}
