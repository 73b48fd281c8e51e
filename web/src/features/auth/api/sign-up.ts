import { useMutation } from '@tanstack/react-query';
import { SignupResponse, type SignupRequest } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';

/** POST /api/auth/signup (docs/product/invitations.md#calls, docs/product/accounts.md#signup): without an invitation, a confirmation e-mail follows. */
export function signUp(input: SignupRequest): Promise<SignupResponse> {
  return call('signUp', { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
