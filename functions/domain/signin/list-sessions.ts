import type { UserSessionsResponse } from '../../../shared/contracts/auth';
import { describeDevice } from '../accounts/devices';
import { listSessionsOfUser, type Session } from '../sessions/session';

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** The caller's live sessions, newest first, the caller's own marked `current`. */
export async function listSessions(session: Session): Promise<UserSessionsResponse> {
  const sessions = await listSessionsOfUser(session.userId);
  // The caller's own renewal is written after this answer is built (Session.pendingTouch): it shows already.
  const ownLastSeenAt = session.pendingTouch?.lastSeenAt;
  return sessions.map((item) => ({
    id: item.sessionId,
    createdDate: iso(item.createdAt),
    lastSeenDate: iso(item.tokenHash === session.tokenHash && ownLastSeenAt !== undefined ? ownLastSeenAt : item.lastSeenAt),
    device: describeDevice(item.userAgent),
    current: item.tokenHash === session.tokenHash,
  }));
}
