import { useQuery } from '@tanstack/react-query';
import { ConfirmEmailResponse } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';

/** GET /api/email-confirmation?token (docs/product/accounts.md#calls): confirms the address the link was sent to and answers it. */
export function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  return call('confirmEmail', { query: { token } });
}

/**
 * Confirms once per token: the query cache keeps a second mount (React's strict mode,
 * a re-render) from using the token twice.
 */
export function useConfirmEmail(token: string) {
  return useQuery({ queryKey: ['email-confirmation', token], queryFn: () => confirmEmail(token), retry: false, staleTime: Infinity, gcTime: 60_000 });
}
