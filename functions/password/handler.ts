import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler } from '../http/http';
import { passwordRoutes } from '../../shared/routes/password';
import { changePassword } from '../domain/accounts/change-password';
import { cancelFactorRecoveryByLink } from '../domain/two-factor/cancel-factor-recovery';
import { completeFactorRecovery } from '../domain/two-factor/complete-factor-recovery';
import { factorRecoveryStatus } from '../domain/two-factor/get-factor-recovery-status';
import { requestFactorRecovery } from '../domain/two-factor/request-factor-recovery';
import { startFactorRecovery } from '../domain/two-factor/start-factor-recovery';
import { reportNotMe } from '../domain/accounts/report-not-me';
import { checkResetLink } from '../domain/accounts/check-reset-link';
import { resetPassword } from '../domain/accounts/reset-password';
import { sendReset } from '../domain/accounts/send-reset';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/password').then((module) => module.passwordContract);

export const handler = createGroupHandler('password', passwordRoutes, contract, {
  sendReset: async ({ body, event }) => ({ body: await sendReset(body, clientAddressOf(event)) }),
  resetPassword: async ({ body, event }) => {
    const { response, cookies } = await resetPassword(body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) });
    return { body: response, cookies };
  },
  checkReset: async ({ body }) => {
    await checkResetLink(body);
    return { status: 204 };
  },
  changePassword: async ({ body, session, event }) => {
    await changePassword(session, body, clientAddressOf(event), userAgentOf(event));
    return { status: 204 };
  },
  reportNotMe: async ({ body, event }) => ({ body: await reportNotMe(body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }) }),
  requestFactorRecovery: async ({ body, event }) => ({ body: await requestFactorRecovery(body, clientAddressOf(event)) }),
  factorRecoveryStatus: async ({ body }) => ({ body: await factorRecoveryStatus(body) }),
  startFactorRecovery: async ({ body, event }) => ({
    body: await startFactorRecovery(body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }),
  }),
  completeFactorRecovery: async ({ body, event }) => ({
    body: await completeFactorRecovery(body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }),
  }),
  cancelFactorRecovery: async ({ body }) => {
    await cancelFactorRecoveryByLink(body);
    return { status: 204 };
  },
});
