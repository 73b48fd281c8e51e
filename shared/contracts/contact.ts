import * as z from 'zod';
import { emailField, limits, longTextField, nameField } from '../validation';

/** POST /api/contact-form — docs/product/accounts.md#fields contact message, docs/product/accounts.md#validation rules. */
export const ContactFormRequest = z.strictObject({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  // docs/product/limits.md#accounts-limits: contact form text fields have a minimum of 3 characters.
  subject: nameField(limits.subject),
  message: longTextField(limits.message),
});
export type ContactFormRequest = z.infer<typeof ContactFormRequest>;

export const ContactFormResponse = z.object({ id: z.string() });
export type ContactFormResponse = z.infer<typeof ContactFormResponse>;
