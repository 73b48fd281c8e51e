/** The contract entries of the mfa group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import {
  TotpDisableRequest,
  TotpEnableRequest,
  TotpEnableResponse,
  TotpSetupRequest,
  TotpSetupResponse,
  TwoFactorPolicy,
  TwoFactorStatus,
  UpdateTwoFactorPolicyRequest,
} from '../contracts/mfa';
import { type GroupContract } from './endpoint';

export const mfaContract = {
  getTwoFactorStatus: { response: TwoFactorStatus },
  setupTotp: { body: TotpSetupRequest, response: TotpSetupResponse },
  enableTotp: { body: TotpEnableRequest, response: TotpEnableResponse },
  disableTotp: { body: TotpDisableRequest },
  getTwoFactorPolicy: { response: TwoFactorPolicy },
  updateTwoFactorPolicy: { body: UpdateTwoFactorPolicyRequest, response: TwoFactorPolicy },
} as const satisfies GroupContract<'mfa'>;
