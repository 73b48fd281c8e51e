import { useQuery } from '@tanstack/react-query';
import { RevokeOtherSessionsResponse, UserSessionsResponse } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/sessions: where the user is signed in, newest first. */
export function listSessions(): Promise<UserSessionsResponse> {
  return call('listSessions');
}

export function useSessions() {
  return useQuery({ queryKey: profileKeys.sessions, queryFn: listSessions });
}

/** DELETE /api/user/sessions/{id}: signs that session out at once. */
export function revokeSession(id: string): Promise<unknown> {
  return call('revokeSession', { params: { id } });
}

/** POST /api/user/sessions/revoke-others: signs out every session but this one. */
export function revokeOtherSessions(): Promise<RevokeOtherSessionsResponse> {
  return call('revokeOtherSessions');
}
