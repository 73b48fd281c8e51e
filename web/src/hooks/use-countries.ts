import { useQuery } from '@tanstack/react-query';
import { CountriesResponse } from '../../../shared/contracts/user';
import { call } from '../lib/api-client';

/** GET /api/addresses/countries (docs/product/accounts.md#calls): the country picker of every address form. */
export function listCountries(): Promise<CountriesResponse> {
  return call('listCountries');
}

/** The list rarely changes: fetched once per visit and shared by the entity and profile pages. */
export function useCountries() {
  return useQuery({ queryKey: ['reference', 'countries'], queryFn: listCountries, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
}
