/**
 * The plain values of the field rules (shared/validation.ts re-exports them): the message keys the rules give, which
 * are keys of the web message catalogue (web/src/messages/en-US.ts), and the fields' upper bounds. Without zod, so a
 * page that shows a form imports them without evaluating zod before it hydrates (web/src/hooks/use-zod-form.ts).
 */
export const messageKeys = {
  required: 'forms.errorMessages.required',
  email: 'forms.errorMessages.email',
  minLength3: 'forms.errorMessages.minLength3',
  password: 'forms.errorMessages.password',
  passwordMismatch: 'forms.errorMessages.passwordMismatch',
  termsAndPrivacy: 'register.form.errorMessages.termsAndPrivacy',
  invalidInput: 'forms.errorMessages.invalidInput',
  tooLong: 'forms.errorMessages.tooLong',
  name: 'forms.errorMessages.name',
  phone: 'forms.errorMessages.phone',
  postalCode: 'forms.errorMessages.postalCode',
  singleLine: 'forms.errorMessages.singleLine',
} as const;

/** Upper bounds the spec does not give; chosen so no field can carry an abuse-sized value. */
export const limits = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  shortText: 200,
  longText: 5000,
  note: 1000,
} as const;
