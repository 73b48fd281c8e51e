import { ErrorCodes } from '../../../../../shared/errors';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';

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
