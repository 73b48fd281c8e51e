import { fail } from '../../lib/errors';
import { liveSessionsEnded } from '../sockets/revocation';
import { endSessionById, type Session } from '../sessions/session';

/**
 * Ends one of the caller's sessions (its next request answers 7). Another user's session
 * id, or one that ended, is ITEM_NOT_FOUND (4): the same answer, so ids cannot be probed.
 * The caller's own session may be ended too (like signing out, without clearing the cookie).
 * The sockets opened with it close at once (`closed: signedOut`); another session's next request
 * answers 7 saying so (`details.reason: 'signedOut'`).
 */
export async function revokeSession(session: Session, sessionId: string): Promise<void> {
  const tokenHash = await endSessionById(session.userId, sessionId, session);
  if (!tokenHash) throw fail('ITEM_NOT_FOUND');
  await liveSessionsEnded(session.userId, { tokenHash });
}
