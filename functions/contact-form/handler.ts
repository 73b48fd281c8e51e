import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler } from '../http/http';
import { contactFormRoutes } from '../../shared/routes/contact-form';
import { sendContactMessage } from '../domain/notifications/send-contact-message';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/contact-form').then((module) => module.contactFormContract);

export const handler = createGroupHandler('contact-form', contactFormRoutes, contract, {
  sendContactMessage: async ({ body, event }) => ({ status: 201, body: await sendContactMessage(body, clientAddressOf(event)) }),
});
