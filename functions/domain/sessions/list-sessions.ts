import type { UserSessionsResponse } from '../../../shared/contracts/auth';
import { describeDevice } from '../accounts/devices';
import { listSessionsOfUser, type Session } from './session';

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** The caller's live sessions, newest first, the caller's own marked `current`. */
export async function listSessions(session: Session): Promise<UserSessionsResponse> {
  const sessions = await listSessionsOfUser(session.userId);
  return sessions.map((item) => ({
    id: item.sessionId,
    createdDate: iso(item.createdAt),
    lastSeenDate: iso(item.lastSeenAt),
    device: describeDevice(item.userAgent),
    current: item.tokenHash === session.tokenHash,
  }));
}
