import { ChangePasswordRequest, CheckResetRequest, ResetPasswordRequest, SendResetRequest } from '../../shared/contracts/auth';
import { clientAddressOf } from '../lib/client-address';
import { createGroupHandler, defineRoute } from '../lib/http';
import { requireSession } from '../lib/session';
import { changePassword } from './change-password';
import { checkResetLink, resetPassword } from './reset-password';
import { sendReset } from './send-reset';

export const handler = createGroupHandler('password', {
  sendReset: defineRoute({
    body: SendResetRequest,
    handler: async ({ body, event }) => ({ body: await sendReset(body, clientAddressOf(event)) }),
  }),
  resetPassword: defineRoute({
    body: ResetPasswordRequest,
    handler: async ({ body }) => ({ body: await resetPassword(body) }),
  }),
  checkReset: defineRoute({
    body: CheckResetRequest,
    handler: async ({ body }) => {
      await checkResetLink(body);
      return { status: 204 };
    },
  }),
  changePassword: defineRoute({
    body: ChangePasswordRequest,
    handler: async ({ body, session, event }) => {
      await changePassword(requireSession(session), body, clientAddressOf(event));
      return { status: 204 };
    },
  }),
});
