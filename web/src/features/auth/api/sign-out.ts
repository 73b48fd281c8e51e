import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/**
 * POST /api/auth/signout (spec 01 §7): ends the server session and clears its cookie.
 * An already expired session is logged out anyway, without the session-expired page.
 */
export async function signOut(): Promise<void> {
  await call('signOut', { handleLocally: [ErrorCodes.SESSION_EXPIRED] });
}
