import { useQuery } from '@tanstack/react-query';
import { PrefixesResponse } from '../../../../../shared/contracts/user';
import { call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/prefixes (docs/product/accounts.md#calls): the name prefixes the profile offers. */
export function listPrefixes(): Promise<PrefixesResponse> {
  return call('listPrefixes');
}

export function usePrefixes() {
  return useQuery({ queryKey: profileKeys.prefixes, queryFn: listPrefixes, staleTime: Number.POSITIVE_INFINITY });
}
