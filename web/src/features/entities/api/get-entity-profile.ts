import { useQuery } from '@tanstack/react-query';
import { EntityProfile } from '../../../../../shared/contracts/entities';
import { call } from '../../../lib/api-client';
import { entityKeys } from './keys';

/** GET /api/entities/{entityId} (docs/product/organisations-and-members.md#calls): one of the caller's entities, with their role in it. */
export function getEntityProfile(entityId: number): Promise<EntityProfile> {
  return call('getEntity', { params: { entityId } });
}

export function useEntityProfile(entityId: number) {
  return useQuery({ queryKey: entityKeys.profile(entityId), queryFn: () => getEntityProfile(entityId) });
}
