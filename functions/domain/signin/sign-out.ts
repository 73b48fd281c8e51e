import { liveSessionsEnded } from '../sockets/revocation';
import { endSession, type Session } from '../sessions/session';

/**
 * Signs out: the session ends server-side and its live sockets close
 * (docs/product/live.md#revocation). Works (and clears the cookie) whether or not the
 * session is still alive; answers the Set-Cookie value that clears it.
 */
export async function signOut(session: Session | null): Promise<string> {
  const cookie = await endSession(session);
  if (session) await liveSessionsEnded(session.userId, { tokenHash: session.tokenHash });
  return cookie;
}
