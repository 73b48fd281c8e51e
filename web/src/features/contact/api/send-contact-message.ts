import { useMutation } from '@tanstack/react-query';
import { ContactFormResponse, type ContactFormRequest } from '../../../../../shared/contracts/contact';
import { call } from '../../../lib/api-client';

/** POST /api/contact-form (docs/product/accounts.md#calls): the team receives the message, the sender a copy. */
export function sendContactMessage(input: ContactFormRequest): Promise<ContactFormResponse> {
  return call('sendContactMessage', { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
