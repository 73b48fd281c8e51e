import { useQuery } from '@tanstack/react-query';
import type { CheckResetRequest } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';

/** POST /api/password/check-reset (beyond the specs): 204 while the reset link can be used, else the reset's own 20/21/2. Uses nothing up. */
export async function checkResetLink(input: CheckResetRequest): Promise<true> {
  await call('checkReset', { body: input });
  return true;
}

/** The reset page checks its link once when it opens, so a dead link is said before anyone types a password. */
export function useCheckResetLink(input: CheckResetRequest) {
  return useQuery({
    queryKey: ['password', 'check-reset', input.email, input.token],
    queryFn: () => checkResetLink(input),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
