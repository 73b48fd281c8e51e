import { SigninResponse, type SigninRequest } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/auth/signin (spec 01 §7): the password is the browser's PBKDF2 hash. The
 * login page handles "e-mail not confirmed" (14) itself (spec 01 §8.2 Login), so it
 * does not go to the global handler.
 */
export function signIn(input: SigninRequest): Promise<SigninResponse> {
  return apiClient.post('/auth/signin', input, { schema: SigninResponse, handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED] });
}
