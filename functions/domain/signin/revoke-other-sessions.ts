import type { RevokeOtherSessionsResponse } from '../../../shared/contracts/auth';
import { liveSessionsEnded } from '../sockets/revocation';
import { endSessionsOfUser, listSessionsOfUser, type Session } from '../sessions/session';

/** Ends every session of the caller but this one ("sign out everywhere else"), and the sockets opened with them. */
export async function revokeOtherSessions(session: Session): Promise<RevokeOtherSessionsResponse> {
  const others = (await listSessionsOfUser(session.userId)).filter((item) => item.tokenHash !== session.tokenHash);
  await endSessionsOfUser(session.userId, { exceptTokenHash: session.tokenHash, markSignedOut: true });
  await liveSessionsEnded(session.userId, { exceptTokenHash: session.tokenHash });
  return { revoked: others.length };
}
