import { ConfirmEmailQuery, ResendConfirmationRequest } from '../../shared/contracts/auth';
import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler, defineRoute } from '../lib/http';
import { confirmEmail } from '../domain/accounts/confirm-email';
import { resendConfirmationLink } from '../domain/accounts/resend-confirmation-link';

export const handler = createGroupHandler('email-confirmation', {
  confirmEmail: defineRoute({
    query: ConfirmEmailQuery,
    handler: async ({ query }) => ({ body: await confirmEmail(query.token) }),
  }),
  resendConfirmationLink: defineRoute({
    body: ResendConfirmationRequest,
    handler: async ({ body, session, event }) => ({ body: await resendConfirmationLink(body, session, clientAddressOf(event)) }),
  }),
});
