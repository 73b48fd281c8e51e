import { useMutation, useQuery } from '@tanstack/react-query';
import { UnsubscribeResponse } from '../../../../../shared/contracts/notifications';
import { apiClient } from '../../../lib/api-client';

const pathOf = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

/** GET /api/unsubscribe: is the link valid, and is the digest still on? Changes nothing. */
export function useUnsubscribeState(token: string) {
  return useQuery({ queryKey: ['unsubscribe', token], queryFn: () => apiClient.get(pathOf(token), { schema: UnsubscribeResponse }), retry: false });
}

/** POST /api/unsubscribe: the digest off, no session needed. */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => apiClient.post(pathOf(token), {}, { schema: UnsubscribeResponse }) });
}
