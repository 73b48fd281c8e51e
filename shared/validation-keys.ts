/**
 * The plain values of the field rules (shared/validation.ts re-exports them): the message keys the rules give, which
 * are keys of the web message catalogue (web/src/messages/en-US.ts), the fields' upper bounds, and the checks the
 * server makes without a schema. Without zod, so a page that shows a form imports them without evaluating zod before
 * it hydrates (web/src/hooks/use-zod-form.ts), and a Lambda's cold start evaluates no zod before a request needs a schema.
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

/** A UTF-16 surrogate without its partner: not a character, refused everywhere (functions/lib/input). */
export const loneSurrogatePattern = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The host a domain or URL names, for uniqueness: lower case, without scheme, `www.`, port or path. */
export function domainHost(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/:].*$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}
