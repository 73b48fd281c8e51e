import * as z from 'zod';
import { isCountryCode } from './countries';

/**
 * Field rules of spec 01 §5, shared by the browser and the server. Messages are keys of
 * the web message catalogue (web/src/messages/en-US.ts); the server sends them in
 * `errors` and the browser translates them.
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
} as const;

/** Special characters allowed in a password, exactly as spec 01 §5 lists them. */
export const passwordSpecialCharacters = '!@#$%^&*?_-';
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*?_-])[A-Za-z\d!@#$%^&*?_-]{8,}$/;

// A pragmatic e-mail pattern: one @, no spaces, a dot in the domain part.
export const emailPattern = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

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

/** C0 control characters other than tab and line breaks have no place in typed text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const trimmed = () =>
  z
    .string({ error: messageKeys.required })
    .trim()
    .refine((value) => !controlCharacterPattern.test(value), { error: messageKeys.invalidInput });

export const requiredText = (max: number = limits.shortText) =>
  trimmed().min(1, { error: messageKeys.required }).max(max, { error: messageKeys.tooLong });

export const nameField = (max: number = limits.name) =>
  trimmed()
    .min(1, { error: messageKeys.required })
    .min(3, { error: messageKeys.minLength3 })
    .max(max, { error: messageKeys.tooLong });

export const emailField = () =>
  trimmed()
    .min(1, { error: messageKeys.required })
    .max(limits.email, { error: messageKeys.tooLong })
    .regex(emailPattern, { error: messageKeys.email })
    .transform((email) => email.toLowerCase());

/** A password as typed by a person (browser-side only: the server never sees it). */
export const plainPasswordField = () =>
  z
    .string({ error: messageKeys.required })
    .min(1, { error: messageKeys.required })
    .regex(passwordPattern, { error: messageKeys.password });

/** A PBKDF2 hash or salt as the browser sends it: base64. */
export const base64Field = (maxLength = 200) =>
  z
    .string({ error: messageKeys.required })
    .min(1, { error: messageKeys.required })
    .max(maxLength, { error: messageKeys.tooLong })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: messageKeys.invalidInput });

/**
 * Phone (spec 01 §5 gives only "an optional leading character, then 3 or more digits"):
 * an optional leading +, then digits with the usual separators (space ( ) . / -), and
 * 3 to 15 digits in all (15 is the E.164 maximum).
 */
export const phonePattern = /^\+?[\d\s()./-]+$/;
const digitCount = (value: string) => value.replace(/\D/g, '').length;

export const phoneField = () =>
  trimmed()
    .min(1, { error: messageKeys.required })
    .max(30, { error: messageKeys.tooLong })
    .regex(phonePattern, { error: messageKeys.phone })
    .refine((value) => digitCount(value) >= 3 && digitCount(value) <= 15, { error: messageKeys.phone });

/** Postal codes of the world: 2 to 10 letters, digits, spaces or hyphens, starting with a letter or digit. */
export const postalCodePattern = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

export const postalCodeField = () =>
  trimmed().min(1, { error: messageKeys.required }).regex(postalCodePattern, { error: messageKeys.postalCode });

/** Street address and city: required, at least 3 characters after trimming (spec 01 §5, §9). */
export const streetAddressField = () => nameField(limits.shortText);
export const cityField = () => nameField(limits.name);

/** An ISO 3166-1 alpha-2 code from shared/countries.ts; lower case is accepted and upper-cased. */
export const countryField = () =>
  trimmed()
    .min(1, { error: messageKeys.required })
    .toUpperCase()
    .refine(isCountryCode, { error: messageKeys.invalidInput });

/**
 * An optional form field that may be cleared: absent leaves it unchanged, null or a blank
 * string clears it (null), anything else must pass `schema`.
 */
export const clearable = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable()).optional();

/**
 * An optional field the spec's client sends even when it does not apply (signup sends all
 * ten keys, the select page sends entityName with an existing entity): null or a blank
 * string is the same as absent, so an unused field is ignored rather than refused.
 */
export const unusedWhenBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), schema.optional()).optional();

/** A web domain or URL (spec 01 §9: at least 3 characters): `example.com`, `https://www.example.com/about`. */
export const domainPattern = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/\S*)?$/i;

export const domainField = () =>
  trimmed()
    .min(1, { error: messageKeys.required })
    .min(3, { error: messageKeys.minLength3 })
    .max(253, { error: messageKeys.tooLong })
    .regex(domainPattern, { error: messageKeys.invalidInput });

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
