import { z } from 'zod';

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
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

const trimmed = () => z.string({ error: messageKeys.required }).trim();

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
