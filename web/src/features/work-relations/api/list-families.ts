import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { FamiliesResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/** POST /api/work-relation/list-families {orderBy} (docs/product/work-relations.md#calls): the families the current advisor company works for. */
export function listFamilies(orderBy?: string): Promise<FamiliesResponse> {
  return call('listFamilies', { body: orderBy ? { orderBy } : {} });
}

export function useFamilies(orderBy?: string) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.families(entityId, orderBy), queryFn: () => listFamilies(orderBy), placeholderData: keepPreviousData });
}
