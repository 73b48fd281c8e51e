import { ErrorCodes } from '../../../../../shared/errors';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/auth/signout (spec 01 §7): ends the server session and clears its cookie.
 * An already expired session is logged out anyway, without the session-expired page.
 */
export async function signOut(): Promise<void> {
  await apiClient.post('/auth/signout', undefined, { handleLocally: [ErrorCodes.SESSION_EXPIRED] });
}
