import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MembersResponse } from '../../../../../shared/contracts/members';
import { call } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** GET /api/entity-member/members (docs/product/organisations-and-members.md#calls): the current entity's members, sorted by `orderBy` (default: role, then name). */
export function listMembers(orderBy?: string): Promise<MembersResponse> {
  return call('listMembers', { query: { orderBy } });
}

/** A new sort keeps the rows on screen until the sorted ones arrive. */
export function useMembers(entityId: number, orderBy?: string) {
  return useQuery({ queryKey: memberKeys.list(entityId, orderBy), queryFn: () => listMembers(orderBy), placeholderData: keepPreviousData });
}
