import { useMutation } from '@tanstack/react-query';
import { ResetPasswordResponse, type ResetPasswordRequest } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';

/** POST /api/password/reset (docs/product/accounts.md#calls): a new password (hash and its new salt) with the e-mailed token. */
export function resetPassword(input: ResetPasswordRequest): Promise<ResetPasswordResponse> {
  return call('resetPassword', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
