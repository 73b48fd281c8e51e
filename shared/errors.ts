/**
 * The error catalogue of docs/product/errors.md#codes and docs/product/errors.md#canvas-errors: one place for every code the
 * server may answer with, its name, its HTTP status and a default message.
 * The browser and the server both import it.
 */
export const errorCatalogue = {
  SYSTEM_ERROR: { code: 1, status: 500, message: 'System error.' },
  VALIDATION_ERROR: { code: 2, status: 400, message: 'Validation error.' },
  DB_ERROR: { code: 3, status: 500, message: 'Database error.' },
  ITEM_NOT_FOUND: { code: 4, status: 404, message: 'Item not found.' },
  UNAUTHORIZED: { code: 5, status: 401, message: 'Unauthorized.' },
  INCORRECT_INPUT: { code: 6, status: 400, message: 'Incorrect input.' },
  SESSION_EXPIRED: { code: 7, status: 401, message: 'Session expired.' },
  FORBIDDEN: { code: 8, status: 403, message: 'Forbidden.' },
  ITEM_FOUND: { code: 9, status: 409, message: 'Item already exists.' },
  SIGNUP_EMAIL_IN_USE: { code: 10, status: 409, message: 'Email is already in use' },
  INVALID_ENTITY_TYPE: { code: 11, status: 400, message: 'Invalid entity type.' },
  SIGNIN_FAILED: { code: 12, status: 401, message: 'Your email or password are incorrect.' },
  EMAIL_CONFIRMED: { code: 13, status: 409, message: 'Email already confirmed.' },
  EMAIL_NOT_CONFIRMED: { code: 14, status: 403, message: 'Email not confirmed.' },
  EMAIL_SEND_FAILED: { code: 15, status: 502, message: 'Email could not be sent.' },
  INVALID_ENTITY_ROLE: { code: 16, status: 400, message: 'Invalid entity role.' },
  INCORRECT_EMAIL_INPUT: { code: 17, status: 400, message: 'Incorrect email input.' },
  INCORRECT_ENTITY_TYPE_INPUT: { code: 18, status: 400, message: 'Incorrect entity type input.' },
  INVALID_TOKEN: { code: 20, status: 400, message: 'Invalid token.' },
  TOKEN_EXPIRED: { code: 21, status: 410, message: 'Token expired.' },
  WRONG_PASSWORD: { code: 22, status: 400, message: 'Wrong password.' },
  USER_ALREADY_MEMBER: { code: 30, status: 409, message: 'User with that email is already an active member.' },
  INVITATION_EXPIRED: { code: 31, status: 410, message: 'Invitation expired.' },
  INVITATION_ACCEPTED: { code: 32, status: 409, message: 'This invitation has already been accepted.' },
  /** Beyond the specs: the sender cancelled (revoked) the invitation whose link this is. */
  INVITATION_CANCELLED: { code: 33, status: 410, message: 'This invitation was cancelled by the sender.' },
  SUBSCRIPTION_PLAN_NOT_FOUND: { code: 40, status: 404, message: 'Subscription plan not found.' },
  DOMAIN_EXISTS: { code: 50, status: 409, message: 'Domain exists' },
  EDIT_OWNER_NOT_ALLOWED: { code: 60, status: 403, message: 'Editing the last owner is not allowed.' },
  EDIT_ADMIN_NOT_ALLOWED: { code: 61, status: 403, message: 'Editing the last admin is not allowed.' },
  REMOVE_OWNER_NOT_ALLOWED: { code: 62, status: 403, message: 'Removing this owner is not allowed.' },
  REMOVE_ADMIN_NOT_ALLOWED: { code: 63, status: 403, message: 'Removing the last admin is not allowed.' },
  ACTION_NEEDS_APPROVAL: { code: 70, status: 403, message: 'This action needs approval.' },
  /** The item changed since the version a write or a revert started from; the body carries it as it is now. */
  ITEM_CHANGED: { code: 71, status: 409, message: 'Someone changed this item meanwhile.' },
  /** What every write answers when what it planned on kept changing through its retries (functions/lib/db/table.ts retryWhileChanged). */
  CHANGED_MEANWHILE: { code: 72, status: 409, message: 'This changed while it was being saved. Reload and try again.' },
  /** A passkey sign-in the server cannot accept: an unknown or removed passkey, a wrong signature, an expired or used challenge. */
  /**
   * An `Idempotency-Key` (docs/product/errors.md#retries) sent again by the same user within 24 hours with another
   * request: another body or another route. Nothing is done; a new write needs a new key.
   */
  IDEMPOTENCY_KEY_REUSED: { code: 86, status: 422, message: 'This request key was already used for another request.' },
  /** The first request with this `Idempotency-Key` is still being worked on: nothing is done twice; send it again in a moment. */
  IDEMPOTENCY_KEY_IN_USE: { code: 87, status: 409, message: 'The same request is still being processed. Try again in a moment.' },
  PASSKEY_NOT_RECOGNISED: { code: 95, status: 401, message: 'This passkey is not recognised.' },
  /** The browser's registration answer did not verify (expired or used challenge, another site, no user verification). */
  PASSKEY_REGISTRATION_FAILED: { code: 96, status: 400, message: 'The passkey could not be registered.' },
  /** An account keeps at most maxPasskeysPerUser passkeys (shared/contracts/passkeys.ts). */
  PASSKEY_LIMIT_REACHED: { code: 97, status: 409, message: 'No more passkeys can be added to this account.' },
  /** A mailbox recovery of lost second factors whose waiting period has not ended (details: `{readyAt}`). */
  FACTOR_RECOVERY_WAITING: { code: 98, status: 409, message: 'The waiting period of this recovery has not ended yet.' },
  TOO_MANY_REQUESTS: { code: 80, status: 429, message: 'Too many attempts. Try again later.' },
  // Two-factor sign-in and re-authentication (docs/product/sessions-and-sign-in.md#two-factor-sign-in): the 9x codes, beyond the specs.
  /** A TOTP or recovery code that is wrong, outside ±1 time step, or already used (replay). */
  MFA_CODE_INVALID: { code: 90, status: 400, message: 'The code is not valid.' },
  /** `POST /auth/signin/mfa` without a password step in the last 5 minutes (or it was used). */
  MFA_SIGNIN_EXPIRED: { code: 91, status: 401, message: 'Sign in again: the sign-in step has expired.' },
  /**
   * A second sign-in step (code or passkey) from a browser that did not pass the password
   * step of this account: it carries no pending sign-in cookie, or one for another account.
   */
  MFA_SIGNIN_NOT_STARTED: { code: 89, status: 401, message: 'Start again with your password.' },
  /** A guarded route (`requiresRecentAuth` in shared/routes.ts) and no password or code in the last 10 minutes. */
  REAUTHENTICATION_REQUIRED: { code: 92, status: 403, message: 'Confirm it is you: enter your password or a code.' },
  /** The advisor company requires two-factor sign-in and the caller has no second factor. */
  TWO_FACTOR_REQUIRED: { code: 93, status: 403, message: 'This company requires two-factor sign-in. Set it up in your profile.' },
  /** Enabling TOTP while it is on, or disabling it while it is off, or enabling without a setup. */
  TWO_FACTOR_STATE_CONFLICT: { code: 94, status: 409, message: 'Two-factor sign-in is not in the state this needs.' },
  /**
   * A canvas read by someone of an advisor company whose work relation with the family ended (within the
   * last 90 days): they knew the canvas, and are told it is gone for them. Anyone else gets ITEM_NOT_FOUND.
   */
  ACCESS_ENDED: { code: 76, status: 403, message: 'Your access to this canvas has ended.' },
  INTERNAL_SERVER_ERROR: { code: 500, status: 500, message: 'Internal server error, try again later.' },
} as const;

export type ErrorName = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code'];

/** Codes by name, for readable comparisons: `ErrorCodes.SESSION_EXPIRED === 7`. */
export const ErrorCodes = Object.fromEntries(Object.entries(errorCatalogue).map(([name, entry]) => [name, entry.code])) as {
  [K in ErrorName]: (typeof errorCatalogue)[K]['code'];
};

const byCode = new Map<number, ErrorName>(Object.entries(errorCatalogue).map(([name, entry]) => [entry.code, name as ErrorName]));

/** The catalogue name for a numeric code; unknown codes fall back to INTERNAL_SERVER_ERROR. */
export function errorNameForCode(code: number): ErrorName {
  return byCode.get(code) ?? 'INTERNAL_SERVER_ERROR';
}

/** Per-field messages, keyed by the field names of the spec's payloads. */
export type FieldErrors = Record<string, string[]>;

/** The body of every failed response. */
export type ErrorBody = {
  errorCode: number;
  errors: FieldErrors;
  message: string;
  /** ITEM_CHANGED (71) only: the item as it is now and who changed it (shared/contracts/history.ts ItemChangedDetails). */
  details?: unknown;
};
