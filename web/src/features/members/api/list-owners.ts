import { useQuery } from '@tanstack/react-query';
import { OwnersResponse } from '../../../../../shared/contracts/members';
import { call } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** GET /api/entity-member/owners (docs/product/organisations-and-members.md#calls): the current entity's owners, by name. */
export function listOwners(): Promise<OwnersResponse> {
  return call('listOwners');
}

export function useOwners(entityId: number) {
  return useQuery({ queryKey: memberKeys.owners(entityId), queryFn: listOwners });
}
