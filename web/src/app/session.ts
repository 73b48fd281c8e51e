import { matchPath } from 'react-router';
import type { SessionEndedDetails } from '../../../shared/contracts/auth';
import { ErrorCodes } from '../../../shared/errors';
import { signOut } from '../features/auth/api/sign-out';
import type { RestoreOutcome } from '../features/auth/session/session';
import type { ApiError } from '../lib/api-client';
import { appStore, type AppStore } from '../stores/app-store';
import { clearSession, isAuthenticatedAtom, storedUserId } from '../stores/session';
import { clearToasts, showSystemErrorToast } from '../stores/toasts';
import { paths, routeNames, routeTable, signedOutElsewhereReason } from './paths';
import { queryClient } from './query-client';

/**
 * Session actions the shell and the guards need (docs/product/sessions-and-sign-in.md#session): restore on start,
 * logout, and the forced end when the server says the session expired. The accounts
 * feature (features/auth) does the talking to the server.
 */

let restoring: Promise<RestoreOutcome> | null = null;

/**
 * Resolves once the session of a previous visit is restored; every guard awaits it. Runs
 * once: the stored user id → the profile, then the entities and the current one (docs/product/sessions-and-sign-in.md#session).
 */
export async function sessionReady(store: AppStore = appStore): Promise<void> {
  await restoreOnce(store);
}

/**
 * The session code (and the response schemas it validates with) loads only when there is
 * a session to restore: a logged-out first visit downloads none of it.
 */
function restoreOnce(store: AppStore): Promise<RestoreOutcome> {
  restoring ??= storedUserId()
    ? import('../features/auth/session/session').then(
        ({ restoreSession }) => restoreSession(store),
        // The code could not load (offline, a new deploy): like a server failure, this tab starts logged out.
        (): RestoreOutcome => {
          showSystemErrorToast(store);
          return 'failed';
        },
      )
    : Promise.resolve<RestoreOutcome>('loggedOut');
  return restoring;
}

/** Pages an unconfirmed user may stay on after the restore: the link pages decide for themselves. */
const mayStayUnconfirmed = routeNames
  .filter((name) => name === 'resendEmailConfirmation' || ('isInvitationStyle' in routeTable[name] && routeTable[name].isInvitationStyle))
  .map((name) => routeTable[name].path);

/**
 * docs/product/sessions-and-sign-in.md#session: a restored user whose e-mail is unconfirmed goes to
 * resendEmailConfirmation, wherever the visit started (bar the link pages).
 */
export async function redirectAfterRestore(navigate: (to: string) => void, pathname: () => string, store: AppStore = appStore): Promise<void> {
  if ((await restoreOnce(store)) !== 'unconfirmed' || !store.get(isAuthenticatedAtom)) return;
  if (mayStayUnconfirmed.some((path) => matchPath(path, pathname()))) return;
  navigate(paths.resendEmailConfirmation());
}

/** Forgets everything about the user in this browser: session, server data cache, toasts. */
export function endSessionLocally(store: AppStore): void {
  clearSession(store);
  clearToasts(store);
  queryClient.clear();
}

/** Set while this browser signs out: answers 7 of requests still under way then are the logout's own, not news. */
let isLoggingOut = false;

/** Logout (docs/product/sessions-and-sign-in.md#session): ends the server session, then clears stored data, entities and toasts. */
export async function logout(store: AppStore): Promise<void> {
  isLoggingOut = true;
  try {
    if (store.get(isAuthenticatedAtom)) await signOut().catch(() => undefined);
    endSessionLocally(store);
  } finally {
    isLoggingOut = false;
  }
}

/**
 * The session ended while the user was here: forget it in this browser and say why, at once
 * (the live channel's `closed: signedOut`, or an API answer 7 that names it).
 */
export function endSession(app: { store: AppStore; navigate: (to: string) => void }, reason: 'signedOut' | 'expired'): void {
  // Signed out here, or already gone: nothing to tell (the logout goes where it goes).
  if (isLoggingOut || !app.store.get(isAuthenticatedAtom)) return;
  endSessionLocally(app.store);
  app.navigate(paths.sessionExpired(reason === 'signedOut' ? { reason: signedOutElsewhereReason } : {}));
}

/**
 * docs/product/sessions-and-sign-in.md#session, docs/product/errors.md#sessions-errors "Global": session expired (7) clears the session and goes to
 * sessionExpired; e-mail not confirmed (14) goes to resendEmailConfirmation.
 */
export function handleGlobalApiError(error: ApiError, app: { store: AppStore; navigate: (to: string) => void }): void {
  if (error.errorCode === ErrorCodes.SESSION_EXPIRED) {
    // The server tells a session ended from another device (SessionEndedDetails) from one that ran
    // out. Read by hand: the first page carries no zod schema.
    const signedOut = (error.details as Partial<SessionEndedDetails> | undefined)?.reason === 'signedOut';
    endSession(app, signedOut ? 'signedOut' : 'expired');
  } else if (error.errorCode === ErrorCodes.EMAIL_NOT_CONFIRMED) {
    app.navigate(paths.resendEmailConfirmation());
  }
}
