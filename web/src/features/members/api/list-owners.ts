import { useQuery } from '@tanstack/react-query';
import { OwnersResponse } from '../../../../../shared/contracts/members';
import { apiClient } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** GET /api/entity-member/owners (spec 01 §7): the current entity's owners, by name. */
export function listOwners(): Promise<OwnersResponse> {
  return apiClient.get('/entity-member/owners', { schema: OwnersResponse });
}

export function useOwners(entityId: number) {
  return useQuery({ queryKey: memberKeys.owners(entityId), queryFn: listOwners });
}
