import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler } from '../http/http';
import { emailConfirmationRoutes } from '../../shared/routes/email-confirmation';
import { confirmEmail } from '../domain/accounts/confirm-email';
import { resendConfirmationLink } from '../domain/accounts/resend-confirmation-link';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/email-confirmation').then((module) => module.emailConfirmationContract);

export const handler = createGroupHandler('email-confirmation', emailConfirmationRoutes, contract, {
  confirmEmail: async ({ query }) => ({ body: await confirmEmail(query.token) }),
  resendConfirmationLink: async ({ body, session, event }) => ({ body: await resendConfirmationLink(body, session, clientAddressOf(event)) }),
});
