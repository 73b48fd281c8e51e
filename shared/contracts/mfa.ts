import * as z from 'zod';
import { emailField, messageKeys } from '../validation';
import { passwordHashField, SigninResponse } from './auth';

/**
 * Contracts of two-factor sign-in (docs/product/sessions-and-sign-in.md#two-factor-sign-in): TOTP (RFC 6238) setup, enable and disable,
 * the second sign-in step, re-authentication, and the advisor company's policy. Requests
 * are strict like every other (an unknown field is a validation error naming it).
 */

import { recoveryCodeCount, totpSettings } from '../contract-limits';

// Plain values the functions read too live in shared/contract-limits.ts (they need no schema).
export { recoveryCodeCount, totpSettings };

/** A 6-digit code as typed (spaces the user typed between groups are dropped). */
export const totpCodeField = () =>
  z
    .string({ error: messageKeys.required })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: messageKeys.invalidInput }));

/** A recovery code as typed: letters and digits in groups (`ab12c-3de45`); case and dashes do not matter. */
export const recoveryCodeField = () =>
  z
    .string({ error: messageKeys.required })
    .max(40, { error: messageKeys.tooLong })
    .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: messageKeys.invalidInput }));

/** The ways a second step can be completed; the passkey work adds 'passkey'. */
export const secondFactorMethods = ['totp', 'recoveryCode'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number] | 'passkey';

// POST /api/auth/signin, when the account has a second factor: no session yet.
export const SigninMfaRequiredResponse = z.object({ mfaRequired: z.literal(true), methods: z.array(z.string()) });
export type SigninMfaRequiredResponse = z.infer<typeof SigninMfaRequiredResponse>;
/**
 * A completed sign-in (signin or signin/mfa): the user, and `twoFactorSetupRequired` when an
 * advisor company of theirs requires a second factor they do not have yet (the web opens
 * Profile → Security; that company cannot be opened until then).
 */
export const SigninSuccessResponse = SigninResponse.extend({ twoFactorSetupRequired: z.literal(true).optional() });
export type SigninSuccessResponse = z.infer<typeof SigninSuccessResponse>;
/** What POST /api/auth/signin answers: the user (session started) or "second step needed". */
export const SigninOutcome = z.union([SigninMfaRequiredResponse, SigninSuccessResponse]);
export type SigninOutcome = z.infer<typeof SigninOutcome>;

/** Either a TOTP code or a recovery code, never both. */
const codeOrRecoveryCode = {
  code: totpCodeField().optional(),
  recoveryCode: recoveryCodeField().optional(),
};
const exactlyOneCode = (value: { code?: string; recoveryCode?: string }, context: z.RefinementCtx) => {
  if ((value.code === undefined) === (value.recoveryCode === undefined)) context.addIssue({ code: 'custom', path: ['code'], message: messageKeys.required });
};

// POST /api/auth/signin/mfa
export const SigninMfaRequest = z.strictObject({ email: emailField(), ...codeOrRecoveryCode }).superRefine(exactlyOneCode);
export type SigninMfaRequest = z.infer<typeof SigninMfaRequest>;

// POST /api/auth/reauthenticate: the password (the browser's PBKDF2 hash, as at sign-in) or a code.
export const ReauthenticateRequest = z.strictObject({ password: passwordHashField().optional(), ...codeOrRecoveryCode }).superRefine((value, context) => {
  const given = [value.password, value.code, value.recoveryCode].filter((entry) => entry !== undefined).length;
  if (given !== 1) context.addIssue({ code: 'custom', path: ['password'], message: messageKeys.required });
});
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequest>;
/** When the proof stops counting as recent (ISO date). */
export const ReauthenticateResponse = z.object({ recentUntil: z.string() });
export type ReauthenticateResponse = z.infer<typeof ReauthenticateResponse>;

// GET /api/mfa/status
export const TwoFactorStatus = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  passkeyCount: z.number(),
  hasSecondFactor: z.boolean(),
  /** Advisor companies of the caller that require two-factor sign-in. */
  requiredBy: z.array(z.object({ entityId: z.number(), entityName: z.string() })),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

// POST /api/mfa/totp/setup: a new secret, not active until enabled with a code from it.
export const TotpSetupRequest = z.strictObject({});
export const TotpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

// POST /api/mfa/totp/enable
export const TotpEnableRequest = z.strictObject({ code: totpCodeField() });
export type TotpEnableRequest = z.infer<typeof TotpEnableRequest>;
export const TotpEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof TotpEnableResponse>;

// POST /api/mfa/totp/disable (re-authentication first): a current code or a recovery code.
export const TotpDisableRequest = z.strictObject(codeOrRecoveryCode).superRefine(exactlyOneCode);
export type TotpDisableRequest = z.infer<typeof TotpDisableRequest>;

// GET/PUT /api/entities/two-factor-policy (the current entity, an advisor company)
export const TwoFactorPolicy = z.object({ requireTwoFactor: z.boolean(), canChange: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicy>;
export const UpdateTwoFactorPolicyRequest = z.strictObject({ requireTwoFactor: z.boolean({ error: messageKeys.invalidInput }) });
export type UpdateTwoFactorPolicyRequest = z.infer<typeof UpdateTwoFactorPolicyRequest>;
