import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /api/unsubscribe: is the link valid, and is the digest still on? Changes nothing. */
export function useUnsubscribeState(token: string) {
  return useQuery({ queryKey: ['unsubscribe', token], queryFn: () => call('getUnsubscribe', { query: { token } }), retry: false });
}

/** POST /api/unsubscribe: the digest off, no session needed. */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => call('unsubscribe', { query: { token }, body: {} }) });
}
