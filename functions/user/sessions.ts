import type { RevokeOtherSessionsResponse, UserSessionsResponse } from '../../shared/contracts/auth';
import { describeDevice } from '../lib/devices';
import { fail } from '../lib/errors';
import { liveSessionsEnded } from '../domain/live/revocation';
import { endSessionById, endSessionsOfUser, listSessionsOfUser, type Session } from '../domain/sessions/session';

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

/**
 * Ends one of the caller's sessions (its next request answers 7). Another user's session
 * id, or one that ended, is ITEM_NOT_FOUND (4): the same answer, so ids cannot be probed.
 * The caller's own session may be ended too (like signing out, without clearing the cookie).
 * The sockets opened with it close at once (`closed: signedOut`).
 */
export async function revokeSession(session: Session, sessionId: string): Promise<void> {
  const tokenHash = await endSessionById(session.userId, sessionId);
  if (!tokenHash) throw fail('ITEM_NOT_FOUND');
  await liveSessionsEnded(session.userId, { tokenHash });
}

/** Ends every session of the caller but this one ("sign out everywhere else"), and the sockets opened with them. */
export async function revokeOtherSessions(session: Session): Promise<RevokeOtherSessionsResponse> {
  const others = (await listSessionsOfUser(session.userId)).filter((item) => item.tokenHash !== session.tokenHash);
  await endSessionsOfUser(session.userId, { exceptTokenHash: session.tokenHash });
  await liveSessionsEnded(session.userId, { exceptTokenHash: session.tokenHash });
  return { revoked: others.length };
}
