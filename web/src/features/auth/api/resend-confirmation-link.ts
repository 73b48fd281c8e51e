import { LinkSentResponse, type ResendConfirmationRequest } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/**
 * POST /api/email-confirmation/resend-confirmation-link (docs/product/accounts.md#calls): with an e-mail for
 * anyone (the same answer whether or not an account waits for confirmation), without
 * one for the signed-in user. The callers handle "not confirmed" (14) themselves.
 */
export function resendConfirmationLink(input: ResendConfirmationRequest = {}): Promise<LinkSentResponse> {
  return call('resendConfirmationLink', { body: input, handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED] });
}
