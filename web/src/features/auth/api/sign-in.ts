import type { SigninRequest } from '../../../../../shared/contracts/auth';
import { SigninOutcome } from '../../../../../shared/contracts/mfa';
import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/**
 * POST /api/auth/signin (spec 01 §7): the password is the browser's PBKDF2 hash. The
 * login page handles "e-mail not confirmed" (14) itself (spec 01 §8.2 Login), so it
 * does not go to the global handler. With a second factor the answer is
 * `{mfaRequired, methods}` and the form asks for the code (issue 14).
 */
export function signIn(input: SigninRequest): Promise<SigninOutcome> {
  return call('signIn', { body: input, handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED] });
}
