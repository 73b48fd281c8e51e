/** The contract entries of the email-confirmation group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { ConfirmEmailQuery, ConfirmEmailResponse, LinkSentResponse, ResendConfirmationRequest } from '../contracts/auth';
import { type GroupContract } from './endpoint';

export const emailConfirmationContract = {
  confirmEmail: { query: ConfirmEmailQuery, response: ConfirmEmailResponse },
  resendConfirmationLink: { body: ResendConfirmationRequest, response: LinkSentResponse },
} as const satisfies GroupContract<'email-confirmation'>;
