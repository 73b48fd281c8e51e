import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/**
 * POST /api/auth/signout (docs/product/sessions-and-sign-in.md#calls): ends the server session and clears its cookie.
 * An already expired session is logged out anyway, without the session-expired page.
 */
export async function signOut(): Promise<void> {
  await call('signOut', { handleLocally: [ErrorCodes.SESSION_EXPIRED] });
}
