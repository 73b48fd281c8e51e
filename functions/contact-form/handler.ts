import { ContactFormRequest } from '../../shared/contracts/contact';
import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler, defineRoute } from '../lib/http';
import { sendContactMessage } from '../domain/notifications/send-contact-message';

export const handler = createGroupHandler('contact-form', {
  sendContactMessage: defineRoute({
    body: ContactFormRequest,
    handler: async ({ body, event }) => ({ status: 201, body: await sendContactMessage(body, clientAddressOf(event)) }),
  }),
});
