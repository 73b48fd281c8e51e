/** The contract entries of the contact-form group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { ContactFormRequest, ContactFormResponse } from '../contracts/contact';
import { type GroupContract } from './endpoint';

export const contactFormContract = {
  sendContactMessage: { body: ContactFormRequest, response: ContactFormResponse },
} as const satisfies GroupContract<'contact-form'>;
