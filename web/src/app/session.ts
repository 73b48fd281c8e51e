import { ErrorCodes } from '../../../shared/errors';
import { apiClient, type ApiError } from '../lib/api-client';
import type { AppStore } from '../stores/app-store';
import { clearSession, isAuthenticatedAtom } from '../stores/session';
import { clearToasts } from '../stores/toasts';
import { paths } from './paths';
import { queryClient } from './query-client';

/**
 * Session actions the shell and the guards need (spec 01 §4.1): restore on start,
 * logout, and the forced end when the server says the session expired.
 */

let restoring: Promise<void> | null = null;

/** Resolves once the session of a previous visit is restored; every guard awaits it. Runs once. */
export function sessionReady(): Promise<void> {
  restoring ??= restoreSession();
  return restoring;
}

/**
 * Spec 01 §4.1: without a stored user id the visitor stays logged out. With one, the
 * accounts feature loads the profile and entities here (GET /user/profile, GET /entities)
 * and calls startSession; until that feature lands, a stored id alone never counts as
 * logged in, because nothing has asked the server whether the session still lives.
 */
async function restoreSession(): Promise<void> {
  // Nothing to restore yet: see above.
}

/** Forgets everything about the user in this browser: session, server data cache, toasts. */
export function endSessionLocally(store: AppStore): void {
  clearSession(store);
  clearToasts(store);
  queryClient.clear();
}

/** Logout (spec 01 §4.1): ends the server session, then clears stored data, entities and toasts. */
export async function logout(store: AppStore): Promise<void> {
  if (store.get(isAuthenticatedAtom)) {
    // An already expired session is logged out anyway: no session-expired page for that.
    await apiClient.post('/auth/signout', undefined, { handleLocally: [ErrorCodes.SESSION_EXPIRED] }).catch(() => undefined);
  }
  endSessionLocally(store);
}

/**
 * Spec 01 §4.1 and §8.2 "Global": session expired (7) clears the session and goes to
 * sessionExpired; e-mail not confirmed (14) goes to resendEmailConfirmation.
 */
export function handleGlobalApiError(error: ApiError, app: { store: AppStore; navigate: (to: string) => void }): void {
  if (error.errorCode === ErrorCodes.SESSION_EXPIRED) {
    endSessionLocally(app.store);
    app.navigate(paths.sessionExpired());
  } else if (error.errorCode === ErrorCodes.EMAIL_NOT_CONFIRMED) {
    app.navigate(paths.resendEmailConfirmation());
  }
}
