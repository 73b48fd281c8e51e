import * as z from 'zod';
import { isCountryCode } from './countries';
import { limits, loneSurrogatePattern, messageKeys } from './validation-keys';

/**
 * Field rules of docs/product/accounts.md#validation, shared by the browser and the server. Messages are keys of
 * the web message catalogue (web/src/messages/en-US.ts); the server sends them in
 * `errors` and the browser translates them.
 */
export { domainHost, limits, loneSurrogatePattern, messageKeys } from './validation-keys';

/** Special characters allowed in a password, exactly as docs/product/accounts.md#validation lists them. */
export const passwordSpecialCharacters = '!@#$%^&*?_-';
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*?_-])[A-Za-z\d!@#$%^&*?_-]{8,}$/;

// E-mail: a pragmatic rule (one @, no spaces or controls, a dot inside the domain part),
// checked by a function rather than a pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracks
// quadratically on a long value with many dots (seconds for 64 KB).
/** Characters an e-mail address may not contain anywhere: white space, @ (but the one) and C0/C1 controls. */
const emailForbiddenCharacter = /[\s@\p{Cc}]/u;

/**
 * The same rule as emailPattern, in linear time: exactly one @, a non-empty local part,
 * and a domain with a dot that is neither its first nor its last character. Callers check
 * the length first (emailField does), so no work is spent on an abuse-sized value.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  if (dot <= 0 || dot === domain.length - 1) return false;
  // The old pattern wanted a dot with text on both sides anywhere in the domain; the last dot decides the same.
  return !emailForbiddenCharacter.test(local) && !emailForbiddenCharacter.test(domain);
}

/** C0 control characters other than tab and line breaks have no place in typed text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Line breaks and the bidirectional controls (ALM, LRM, RLM, the embeddings, overrides
 * and isolates): a single-line value (a name, title, subject) with these could forge a
 * mail header or show text in another order than it is stored (a "Trojan source" name).
 */
export const lineBreakOrBidiPattern = /[\r\n\u2028\u2029\u0085\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const trimmed = () =>
  z
    .string({ error: messageKeys.required })
    .trim()
    .refine((value) => !controlCharacterPattern.test(value) && !loneSurrogatePattern.test(value), { error: messageKeys.invalidInput });

/** One line of text: no line breaks, no bidirectional controls. */
const singleLine = <S extends z.ZodString>(schema: S) => schema.refine((value) => !lineBreakOrBidiPattern.test(value), { error: messageKeys.singleLine });

/** Text that may span lines (an answer, a message). */
export const requiredText = (max: number = limits.shortText) => trimmed().min(1, { error: messageKeys.required }).max(max, { error: messageKeys.tooLong });

/** A title, a subject, a position: one line (lineBreakOrBidiPattern). */
export const singleLineText = (max: number = limits.shortText) => singleLine(requiredText(max));

/** Multi-line text of at least 3 characters (the contact form's message). */
export const longTextField = (max: number = limits.longText) =>
  trimmed().min(1, { error: messageKeys.required }).min(3, { error: messageKeys.minLength3 }).max(max, { error: messageKeys.tooLong });

/** A person's or an entity's name, a subject: one line of at least 3 characters. */
export const nameField = (max: number = limits.name) => singleLine(longTextField(max));

/**
 * The length is checked first and stops the chain (abort), and the shape check is linear
 * (isEmailAddress): a 64 KB value costs microseconds, not a backtracking regex's seconds.
 */
export const emailField = () =>
  z
    .string({ error: messageKeys.required })
    .max(limits.email * 2, { error: messageKeys.tooLong, abort: true })
    .trim()
    .min(1, { error: messageKeys.required, abort: true })
    .max(limits.email, { error: messageKeys.tooLong, abort: true })
    .refine((value) => isEmailAddress(value), { error: messageKeys.email })
    .transform((email) => email.toLowerCase());

/** A password as typed by a person (browser-side only: the server never sees it). */
export const plainPasswordField = () =>
  z.string({ error: messageKeys.required }).min(1, { error: messageKeys.required }).regex(passwordPattern, { error: messageKeys.password });

/** A PBKDF2 hash or salt as the browser sends it: base64. */
export const base64Field = (maxLength = 200) =>
  z
    .string({ error: messageKeys.required })
    .min(1, { error: messageKeys.required })
    .max(maxLength, { error: messageKeys.tooLong })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: messageKeys.invalidInput });

/**
 * Phone (docs/product/accounts.md#validation gives only "an optional leading character, then 3 or more digits"):
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

export const postalCodeField = () => trimmed().min(1, { error: messageKeys.required }).regex(postalCodePattern, { error: messageKeys.postalCode });

/** Street address and city: required, at least 3 characters after trimming (docs/product/accounts.md#validation, docs/product/limits.md#accounts-limits). */
export const streetAddressField = () => nameField(limits.shortText);
export const cityField = () => nameField(limits.name);

/** An ISO 3166-1 alpha-2 code from shared/countries.ts; lower case is accepted and upper-cased. */
export const countryField = () => trimmed().min(1, { error: messageKeys.required }).toUpperCase().refine(isCountryCode, { error: messageKeys.invalidInput });

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

/** A web domain or URL (docs/product/limits.md#accounts-limits: at least 3 characters): `example.com`, `https://www.example.com/about`. */
export const domainPattern = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/\S*)?$/i;

export const domainField = () =>
  trimmed()
    .min(1, { error: messageKeys.required })
    .min(3, { error: messageKeys.minLength3 })
    .max(253, { error: messageKeys.tooLong })
    .regex(domainPattern, { error: messageKeys.invalidInput });
