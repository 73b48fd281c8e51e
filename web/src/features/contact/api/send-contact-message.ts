import { useMutation } from '@tanstack/react-query';
import { ContactFormResponse, type ContactFormRequest } from '../../../../../shared/contracts/contact';
import { apiClient } from '../../../lib/api-client';

/** POST /api/contact-form (spec 01 §7): the team receives the message, the sender a copy. */
export function sendContactMessage(input: ContactFormRequest): Promise<ContactFormResponse> {
  return apiClient.post('/contact-form', input, { schema: ContactFormResponse });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
