import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler } from '../http/http';
import { mfaRoutes } from '../../shared/routes/mfa';
import { disableTotp } from '../domain/two-factor/disable-totp';
import { enableTotpWithCode } from '../domain/two-factor/enable-totp';
import { getTwoFactorPolicy } from '../domain/two-factor/get-two-factor-policy';
import { getTwoFactorStatus } from '../domain/two-factor/get-two-factor-status';
import { setupTotp } from '../domain/two-factor/setup-totp';
import { updateTwoFactorPolicy } from '../domain/two-factor/update-two-factor-policy';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/mfa').then((module) => module.mfaContract);

export const handler = createGroupHandler('mfa', mfaRoutes, contract, {
  getTwoFactorStatus: async ({ session }) => ({ body: await getTwoFactorStatus(session) }),
  setupTotp: async ({ session }) => ({ body: await setupTotp(session) }),
  enableTotp: async ({ session, body, event }) => ({
    body: await enableTotpWithCode(session, body.code, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }),
  }),
  disableTotp: async ({ session, body, event }) => {
    await disableTotp(session, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) });
    return { status: 204 };
  },
  getTwoFactorPolicy: async ({ session }) => ({ body: await getTwoFactorPolicy(session) }),
  updateTwoFactorPolicy: async ({ session, body }) => ({ body: await updateTwoFactorPolicy(session, body.requireTwoFactor) }),
});
