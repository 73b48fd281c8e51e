import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler } from '../lib/http';
import { emailConfirmationRoutes } from '../../shared/routes/email-confirmation';
import { emailConfirmationContract } from '../../shared/api-contract/email-confirmation';
import { confirmEmail } from '../domain/accounts/confirm-email';
import { resendConfirmationLink } from '../domain/accounts/resend-confirmation-link';

export const handler = createGroupHandler('email-confirmation', emailConfirmationRoutes, emailConfirmationContract, {
  confirmEmail: async ({ query }) => ({ body: await confirmEmail(query.token) }),
  resendConfirmationLink: async ({ body, session, event }) => ({ body: await resendConfirmationLink(body, session, clientAddressOf(event)) }),
});
