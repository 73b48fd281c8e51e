import { ErrorCodes } from '../../../../../shared/errors';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';

/** The catalogue code of a failed call, or null when it was not an API answer. */
export function errorCodeOf(error: unknown): number | null {
  return isApiError(error) ? error.errorCode : null;
}

/** Session expiry and an unconfirmed e-mail are handled by the app for every call. */
export function isHandledGlobally(error: unknown): boolean {
  return isApiError(error) && globallyHandledCodes.includes(error.errorCode);
}

/** A validation answer (2) or incorrect input naming fields (6): the form marks them. */
export function isFieldError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === ErrorCodes.VALIDATION_ERROR || (code === ErrorCodes.INCORRECT_INPUT && isApiError(error) && error.hasFieldErrors);
}

/** No answer came: offline before it left, or a write whose answer was lost (web/src/lib/api-client.ts `connection`). */
export function connectionOf(error: unknown): 'offline' | 'unsure' | null {
  return isApiError(error) ? error.connection : null;
}

/** Why a save of a form could not be done, in words for beside the form when it was the connection (else null). */
export function connectionSaveErrorOf(error: unknown): string | null {
  const connection = connectionOf(error);
  if (connection === 'offline') return t('offline.saveError.offline');
  if (connection === 'unsure') return t('offline.saveError.unsure');
  return null;
}

/** Why a vote could not be saved, in words beside its button (none while it is fine, or when the app handles it). */
export function voteErrorOf(mutation: { isError: boolean; error: unknown }): string | null {
  if (!mutation.isError || isHandledGlobally(mutation.error)) return null;
  const connection = connectionOf(mutation.error);
  if (connection) return t(connection === 'offline' ? 'offline.voteError.offline' : 'offline.voteError.unsure');
  const code = errorCodeOf(mutation.error);
  if (code === ErrorCodes.ITEM_NOT_FOUND) return t('canvas.votes.errorGone');
  if (code === ErrorCodes.FORBIDDEN) return t('canvas.votes.errorForbidden');
  return t('canvas.votes.error');
}
