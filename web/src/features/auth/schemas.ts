import * as z from 'zod';
import { SendResetRequest, SigninRequest, SignupRequest } from '../../../../shared/contracts/auth';
import { messageKeys, nameField, plainPasswordField } from '../../../../shared/validation';

/**
 * The forms of the accounts feature: each extends the API's own schema (shared/contracts)
 * with what only the browser sees — the typed password, its repetition, the terms box.
 * The hashes and salts the API wants are made from the typed password on submit.
 */

/** docs/product/sessions-and-sign-in.md#validation Login: both required, the e-mail patterned, input trimmed. */
export const loginFormSchema = z.object({
  email: SigninRequest.shape.email,
  password: z.string({ error: messageKeys.required }).trim().min(1, { error: messageKeys.required }),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

type WithPasswords = { password: string; passwordConfirmation: string };

/** docs/product/accounts.md#validation: the repetition equals the password exactly (checked as soon as both have something). */
const passwordsMatch = <T extends WithPasswords>(value: T) => value.password === value.passwordConfirmation;
const matchOptions = {
  path: ['passwordConfirmation'],
  error: messageKeys.passwordMismatch,
  when: (payload: { value: unknown }) => {
    const value = payload.value as Partial<WithPasswords> | undefined;
    return typeof value?.password === 'string' && typeof value.passwordConfirmation === 'string' && value.passwordConfirmation !== '';
  },
};
const passwordConfirmationField = () => z.string({ error: messageKeys.required }).min(1, { error: messageKeys.required });

const signupPersonFields = {
  firstName: SignupRequest.shape.firstName,
  lastName: SignupRequest.shape.lastName,
  email: SignupRequest.shape.email,
  password: plainPasswordField(),
  passwordConfirmation: passwordConfirmationField(),
  acceptsTermsAndPrivacy: z.boolean().refine((isAccepted) => isAccepted, { error: messageKeys.termsAndPrivacy }),
};

/** docs/product/accounts.md#validation Signup (without an invitation): names of 3+ trimmed characters, the password rule, the terms. */
export const signupFormSchema = z
  // The rule SignupRequest applies to createEntityName (which the API also takes as null or '' when unused).
  .object({ ...signupPersonFields, createEntityName: nameField() })
  .refine(passwordsMatch, matchOptions);
export type SignupFormValues = z.input<typeof signupFormSchema>;

/** docs/product/accounts.md#screens Signup with an invitation: no entity is asked (the field is kept, unchecked, so both forms share their values). */
export const invitedSignupFormSchema = z.object({ ...signupPersonFields, createEntityName: z.string() }).refine(passwordsMatch, matchOptions);

/** docs/product/accounts.md#screens Reset request: the API's schema as it is. */
export const resetRequestFormSchema = SendResetRequest;

/** docs/product/accounts.md#screens Reset password: the new password (the rule) and its repetition. */
export const newPasswordFormSchema = z
  .object({ password: plainPasswordField(), passwordConfirmation: passwordConfirmationField() })
  .refine(passwordsMatch, matchOptions);
