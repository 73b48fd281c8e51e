import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { AdvisorCompaniesResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/** POST /api/work-relation/list-advisor-companies {orderBy} (docs/product/work-relations.md#calls): the companies working for the current family. */
export function listAdvisorCompanies(orderBy?: string): Promise<AdvisorCompaniesResponse> {
  return call('listAdvisorCompanies', { body: orderBy ? { orderBy } : {} });
}

export function useAdvisorCompanies(orderBy?: string) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.companies(entityId, orderBy), queryFn: () => listAdvisorCompanies(orderBy), placeholderData: keepPreviousData });
}
