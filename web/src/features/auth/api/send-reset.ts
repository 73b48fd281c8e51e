import { useMutation } from '@tanstack/react-query';
import { LinkSentResponse, type SendResetRequest } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';

/** POST /api/password/send-reset (docs/product/accounts.md#calls): e-mails a reset link; the answer is the same for unknown e-mails. */
export function sendReset(input: SendResetRequest): Promise<LinkSentResponse> {
  return call('sendReset', { body: input });
}

export function useSendReset() {
  return useMutation({ mutationFn: sendReset });
}
