/** The contract entries of the password group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import {
  CancelFactorRecoveryRequest,
  ChangePasswordRequest,
  CheckResetRequest,
  FactorRecoveryLinkRequest,
  FactorRecoveryRequest,
  FactorRecoveryState,
  LinkSentResponse,
  NotMeRequest,
  NotMeResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SendResetRequest,
} from '../contracts/auth';
import { type GroupContract } from './endpoint';

export const passwordContract = {
  sendReset: { body: SendResetRequest, response: LinkSentResponse },
  resetPassword: { body: ResetPasswordRequest, response: ResetPasswordResponse },
  checkReset: { body: CheckResetRequest },
  changePassword: { body: ChangePasswordRequest },
  reportNotMe: { body: NotMeRequest, response: NotMeResponse },
  requestFactorRecovery: { body: FactorRecoveryRequest, response: LinkSentResponse },
  factorRecoveryStatus: { body: FactorRecoveryLinkRequest, response: FactorRecoveryState },
  startFactorRecovery: { body: FactorRecoveryLinkRequest, response: FactorRecoveryState },
  completeFactorRecovery: { body: FactorRecoveryLinkRequest, response: FactorRecoveryState },
  cancelFactorRecovery: { body: CancelFactorRecoveryRequest },
} as const satisfies GroupContract<'password'>;
