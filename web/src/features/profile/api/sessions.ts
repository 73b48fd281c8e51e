import { useQuery } from '@tanstack/react-query';
import { RevokeOtherSessionsResponse, UserSessionsResponse } from '../../../../../shared/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/sessions: where the user is signed in, newest first. */
export function listSessions(): Promise<UserSessionsResponse> {
  return apiClient.get('/user/sessions', { schema: UserSessionsResponse });
}

export function useSessions() {
  return useQuery({ queryKey: profileKeys.sessions, queryFn: listSessions });
}

/** DELETE /api/user/sessions/{id}: signs that session out at once. */
export function revokeSession(id: string): Promise<unknown> {
  return apiClient.delete(`/user/sessions/${encodeURIComponent(id)}`);
}

/** POST /api/user/sessions/revoke-others: signs out every session but this one. */
export function revokeOtherSessions(): Promise<RevokeOtherSessionsResponse> {
  return apiClient.post('/user/sessions/revoke-others', undefined, { schema: RevokeOtherSessionsResponse });
}
