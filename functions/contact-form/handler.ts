import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler } from '../lib/http';
import { contactFormRoutes } from '../../shared/routes/contact-form';
import { contactFormContract } from '../../shared/api-contract/contact-form';
import { sendContactMessage } from '../domain/notifications/send-contact-message';

export const handler = createGroupHandler('contact-form', contactFormRoutes, contactFormContract, {
  sendContactMessage: async ({ body, event }) => ({ status: 201, body: await sendContactMessage(body, clientAddressOf(event)) }),
});
