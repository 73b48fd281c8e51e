import type { SigninRequest } from '../../../../../shared/contracts/auth';
import { SigninOutcome } from '../../../../../shared/contracts/mfa';
import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/**
 * POST /api/auth/signin (docs/product/accounts.md#calls): the password is the browser's PBKDF2 hash. The
 * login page handles "e-mail not confirmed" (14) itself (docs/product/errors.md#accounts-errors Login), so it
 * does not go to the global handler. With a second factor the answer is
 * `{mfaRequired, methods}` and the form asks for the code (docs/product/sessions-and-sign-in.md#two-factor-sign-in).
 */
export function signIn(input: SigninRequest): Promise<SigninOutcome> {
  return call('signIn', { body: input, handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED] });
}
