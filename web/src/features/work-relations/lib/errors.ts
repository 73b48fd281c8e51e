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

/**
 * docs/product/errors.md#work-relations-errors: rights edits and adding or removing an advisor show the 'save error' title
 * and description for not found, unauthorized, incorrect input and db errors (and for
 * an advisor who meanwhile got access, 9); anything else is a system error.
 */
export function isSaveError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return (
    code === ErrorCodes.ITEM_NOT_FOUND ||
    code === ErrorCodes.UNAUTHORIZED ||
    code === ErrorCodes.INCORRECT_INPUT ||
    code === ErrorCodes.DB_ERROR ||
    code === ErrorCodes.ITEM_FOUND ||
    code === ErrorCodes.FORBIDDEN ||
    code === ErrorCodes.VALIDATION_ERROR
  );
}
