import * as z from 'zod';
import { emailField, limits, longTextField, nameField } from '../validation';

/** POST /api/contact-form — spec 01 §3 contact message, §5 rules. */
export const ContactFormRequest = z.strictObject({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  // spec 01 §9: contact form text fields have a minimum of 3 characters.
  subject: nameField(limits.subject),
  message: longTextField(limits.message),
});
export type ContactFormRequest = z.infer<typeof ContactFormRequest>;

export const ContactFormResponse = z.object({ id: z.string() });
export type ContactFormResponse = z.infer<typeof ContactFormResponse>;
