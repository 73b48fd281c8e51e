import { TotpDisableRequest, TotpEnableRequest, TotpSetupRequest, UpdateTwoFactorPolicyRequest } from '../../shared/contracts/mfa';
import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler, defineRoute } from '../lib/http';
import { disableTotp } from '../domain/two-factor/disable-totp';
import { enableTotpWithCode } from '../domain/two-factor/enable-totp';
import { getTwoFactorPolicy } from '../domain/two-factor/get-two-factor-policy';
import { getTwoFactorStatus } from '../domain/two-factor/get-two-factor-status';
import { setupTotp } from '../domain/two-factor/setup-totp';
import { updateTwoFactorPolicy } from '../domain/two-factor/update-two-factor-policy';

export const handler = createGroupHandler('mfa', {
  getTwoFactorStatus: defineRoute({
    handler: async ({ session }) => ({ body: await getTwoFactorStatus(session) }),
  }),
  setupTotp: defineRoute({
    body: TotpSetupRequest,
    handler: async ({ session }) => ({ body: await setupTotp(session) }),
  }),
  enableTotp: defineRoute({
    body: TotpEnableRequest,
    handler: async ({ session, body, event }) => ({ body: await enableTotpWithCode(session, body.code, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }) }),
  }),
  disableTotp: defineRoute({
    body: TotpDisableRequest,
    handler: async ({ session, body, event }) => {
      await disableTotp(session, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) });
      return { status: 204 };
    },
  }),
  getTwoFactorPolicy: defineRoute({
    handler: async ({ session }) => ({ body: await getTwoFactorPolicy(session) }),
  }),
  updateTwoFactorPolicy: defineRoute({
    body: UpdateTwoFactorPolicyRequest,
    handler: async ({ session, body }) => ({ body: await updateTwoFactorPolicy(session, body.requireTwoFactor) }),
  }),
});
