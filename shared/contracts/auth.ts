import * as z from 'zod';
import { addressTypes, memberPermissions, privacyLevelIds } from '../enums';
import { base64Field, emailField, messageKeys, nameField, unusedWhenBlank } from '../validation';
import { numberOrNumericString } from './common';

/**
 * Contracts of the account calls (docs/product/sessions-and-sign-in.md#calls, docs/product/accounts.md#fields fields, docs/product/sessions-and-sign-in.md#validation rules): auth, e-mail
 * confirmation, password, and the user profile. Requests are strict: an unknown field is
 * a validation error naming that field.
 */

import { passwordHashing } from '../contract-limits';

// Plain values the functions read too live in shared/contract-limits.ts (they need no schema).
export { passwordHashing };

/** Bytes a base64 string decodes to (no Buffer: this module runs in the browser too). */
const decodedLength = (value: string) => Math.floor((value.length * 3) / 4) - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0);

/** The browser's PBKDF2 output, base64 (16 to 64 bytes accepted). */
export const passwordHashField = () =>
  base64Field(100).refine((value) => decodedLength(value) >= 16 && decodedLength(value) <= 64, { error: messageKeys.invalidInput });

/** The browser's PBKDF2 salt: exactly 16 random bytes, base64. */
export const saltField = () => base64Field(44).refine((value) => decodedLength(value) === passwordHashing.saltBytes, { error: messageKeys.invalidInput });

/** Single-use tokens arrive from links; any non-empty text, checked against the stored hash. */
export const tokenField = () =>
  z.string({ error: messageKeys.required }).trim().min(1, { error: messageKeys.required }).max(512, { error: messageKeys.tooLong });

// POST /api/auth/salt
export const SaltRequest = z.strictObject({ email: emailField() });
export type SaltRequest = z.infer<typeof SaltRequest>;
/** For an unknown e-mail the salt is a stable decoy, so the answer never tells whether an account exists. */
export const SaltResponse = z.object({ salt: z.string() });
export type SaltResponse = z.infer<typeof SaltResponse>;

// POST /api/auth/signup
export const SignupRequest = z
  .strictObject({
    firstName: nameField(),
    lastName: nameField(),
    email: emailField(),
    password: passwordHashField(),
    salt: saltField(),
    // The spec's client sends all ten keys: the ones that do not apply are null or '' and
    // are ignored (unusedWhenBlank), e.g. the entity fields next to an invitation token.
    /**
     * Family 1 or advisor company 2. Any other integer passes the schema and is refused by
     * the server with INVALID_ENTITY_TYPE (11), which the signup page shows with its own message.
     */
    createEntityTypeId: unusedWhenBlank(numberOrNumericString(z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput }))),
    createEntityName: unusedWhenBlank(nameField()),
    /** Family only (not one of the spec's ten keys); defaults to the entity name plus ' Canvas'. */
    canvasName: unusedWhenBlank(nameField()),
    memberInvitationToken: unusedWhenBlank(tokenField()),
    familyInvitationToken: unusedWhenBlank(tokenField()),
    advisorInvitationToken: unusedWhenBlank(tokenField()),
    /**
     * The browser's IANA time zone (not one of the spec's keys): the e-mail digest follows
     * it. A zone the server does not know counts as UTC rather than refusing the signup.
     */
    timeZone: unusedWhenBlank(z.string({ error: messageKeys.invalidInput }).max(64, { error: messageKeys.tooLong })),
  })
  .superRefine((value, context) => {
    // docs/product/invitations.md#fields: either an invitation, or the entity type and name. With a family or
    // advisor invitation the account starts without an entity: the select page then
    // picks or creates the one that accepts.
    if (value.memberInvitationToken || value.familyInvitationToken || value.advisorInvitationToken) return;
    if (value.createEntityTypeId === undefined) context.addIssue({ code: 'custom', path: ['createEntityTypeId'], message: messageKeys.required });
    if (value.createEntityName === undefined) context.addIssue({ code: 'custom', path: ['createEntityName'], message: messageKeys.required });
  });
export type SignupRequest = z.infer<typeof SignupRequest>;
/**
 * `idToken` is the new user's id (the session itself is the HttpOnly cookie, never a
 * token in the body). `tokenExpiration` is when the session started by the signup ends
 * (ISO date), or null when the signup starts none: without an invitation the user must
 * confirm the e-mail first.
 */
export const SignupResponse = z.object({ idToken: z.string(), tokenExpiration: z.string().nullable() });
export type SignupResponse = z.infer<typeof SignupResponse>;

// POST /api/auth/signin
export const SigninRequest = z.strictObject({
  email: emailField(),
  password: passwordHashField(),
  /** "Keep me signed in" (not in the spec; its client leaves it out): 30 days instead of 12 hours at most. */
  remember: z.boolean({ error: messageKeys.invalidInput }).optional(),
});
export type SigninRequest = z.infer<typeof SigninRequest>;

const privacyLevel = () => z.literal(privacyLevelIds);
export const PrivacySettings = z.object({ email: privacyLevel(), phone: privacyLevel(), address: privacyLevel() });
export type PrivacySettings = z.infer<typeof PrivacySettings>;

export const Address = z.object({
  id: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  streetAddress: z.string(),
});
export type Address = z.infer<typeof Address>;

/** An entity's address (docs/product/organisations-and-members.md#fields): one of each type. */
export const EntityAddress = Address.extend({ type: z.enum(addressTypes) });
export type EntityAddress = z.infer<typeof EntityAddress>;

/**
 * A person's address as others see it (member lists, owners, advisors, family members):
 * docs/product/work-relations.md#fields names its type `addressType`. A person's own addresses carry no Shipping or
 * Billing type (the user address body of docs/product/accounts.md#calls has none), so it is null.
 */
export const PersonAddress = Address.extend({ addressType: z.enum(addressTypes).nullable() });
export type PersonAddress = z.infer<typeof PersonAddress>;

// GET /api/user/profile
export const UserProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  prefix: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  isEmailConfirmed: z.boolean(),
  /** ISO date of the previous sign-in; null before the first one. */
  lastLoginDate: z.string().nullable(),
  addresses: z.array(Address),
  privacySettings: PrivacySettings,
});
export type UserProfile = z.infer<typeof UserProfile>;

/**
 * The signed-in user. `lastLoginDate` is the sign-in before this one (null on the first
 * sign-in, so the browser opens the walkthrough).
 */
export const SigninResponse = UserProfile.omit({ privacySettings: true });
export type SigninResponse = z.infer<typeof SigninResponse>;

// POST /api/auth/set-current-entity
export const SetCurrentEntityRequest = z.strictObject({
  /** The entity id; as a number or a numeric string ('12'). */
  id: numberOrNumericString(
    z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput }).positive({ error: messageKeys.invalidInput }).nullable(),
  ),
});
export type SetCurrentEntityRequest = z.infer<typeof SetCurrentEntityRequest>;

/**
 * An entity as its member sees it, with every field of docs/product/organisations-and-members.md#fields Entity: the entity plus
 * the caller's role and permissions in it. Every call that answers one of the caller's
 * entities answers this (list, set-current-entity, profile, accepting an invitation).
 * email, phone and addresses are null or empty for a member without ReadSensitiveData.
 */
export const CurrentEntity = z.object({
  id: z.number(),
  entityName: z.string(),
  entityTypeId: z.number(),
  canvasName: z.string().nullable(),
  domain: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addresses: z.array(EntityAddress),
  entityRoleId: z.number(),
  entityRoleName: z.string(),
  entityRolePermissions: z.array(z.enum(memberPermissions)),
  entityMemberId: z.string(),
  entityMemberCompanyPosition: z.string().nullable(),
});
export type CurrentEntity = z.infer<typeof CurrentEntity>;
/** The new current entity, or null when the request cleared it. */
export const SetCurrentEntityResponse = CurrentEntity.nullable();
export type SetCurrentEntityResponse = z.infer<typeof SetCurrentEntityResponse>;

// GET /api/user/sessions: the signed-in user's live sessions, newest first.
export const UserSession = z.object({
  /** An opaque id for DELETE /api/user/sessions/{id} (not the session's token or its hash). */
  id: z.string(),
  /** ISO dates: when the session was started, and its last request (to 5 minutes). */
  createdDate: z.string(),
  lastSeenDate: z.string(),
  /** Browser and system from the User-Agent, e.g. "Firefox on Windows"; "Unknown device" without one. */
  device: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;
export const UserSessionsResponse = z.array(UserSession);
export type UserSessionsResponse = z.infer<typeof UserSessionsResponse>;
/** DELETE /api/user/sessions/{id} */
export const SessionIdPath = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: messageKeys.invalidInput }) });
export type SessionIdPath = z.infer<typeof SessionIdPath>;
/** POST /api/user/sessions/revoke-others: how many sessions were ended. */
export const RevokeOtherSessionsResponse = z.object({ revoked: z.number() });

/**
 * The details of an answer 7 (SESSION_EXPIRED) for a session ended from another of the
 * user's sessions (signed out there, or "sign out everywhere else"): `signedOut`, the live
 * channel's close reason. A session that ran out carries none.
 */
export const SessionEndedDetails = z.object({ reason: z.literal('signedOut') });
export type SessionEndedDetails = z.infer<typeof SessionEndedDetails>;
export type RevokeOtherSessionsResponse = z.infer<typeof RevokeOtherSessionsResponse>;

// GET /api/email-confirmation?token=
export const ConfirmEmailQuery = z.strictObject({ token: tokenField() });
export type ConfirmEmailQuery = z.infer<typeof ConfirmEmailQuery>;
/** The confirmed address, so the login page can prefill it. */
export const ConfirmEmailResponse = z.object({ email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/**
 * POST /api/email-confirmation/resend-confirmation-link. With `email` (the page reached
 * after a sign-in answered 14): always answered as sent, whether or not an unconfirmed
 * account exists. Without it: for the signed-in user, and 13 when already confirmed.
 */
export const ResendConfirmationRequest = z.strictObject({ email: emailField().optional() });
export type ResendConfirmationRequest = z.infer<typeof ResendConfirmationRequest>;

/** Answer of the calls that e-mail a link; the same whether or not an account exists. */
export const LinkSentResponse = z.object({ email: z.string() });
export type LinkSentResponse = z.infer<typeof LinkSentResponse>;

// POST /api/password/send-reset
export const SendResetRequest = z.strictObject({ email: emailField() });
export type SendResetRequest = z.infer<typeof SendResetRequest>;

// POST /api/password/reset
export const ResetPasswordRequest = z.strictObject({
  email: emailField(),
  token: tokenField(),
  password: passwordHashField(),
  salt: saltField(),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
/** The address whose password was reset, so the login page can prefill it. */
export const ResetPasswordResponse = z.object({ email: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

// POST /api/password/check-reset (beyond the specs): is the link of a reset e-mail still usable? 204 or 20/21/2.
export const CheckResetRequest = z.strictObject({
  email: emailField(),
  token: tokenField(),
});
export type CheckResetRequest = z.infer<typeof CheckResetRequest>;

// POST /api/password/not-me: the token of a "This was not me" link (a sign-in-method mail).
export const NotMeRequest = z.strictObject({ token: tokenField() });
export type NotMeRequest = z.infer<typeof NotMeRequest>;
/**
 * The address a password reset link was sent to, and when the second factor the reported
 * change added can be removed (ISO; null when it added none that is still there): the page says both.
 */
export const NotMeResponse = z.object({ email: z.string(), factorRemovalAt: z.string().nullable() });
export type NotMeResponse = z.infer<typeof NotMeResponse>;

// POST /api/password/factor-recovery/request: from the second sign-in step, "lost your phone or passkey?"
export const FactorRecoveryRequest = z.strictObject({ email: emailField() });
export type FactorRecoveryRequest = z.infer<typeof FactorRecoveryRequest>;
// .../status, .../start, .../complete: the link of the recovery mail.
export const FactorRecoveryLinkRequest = z.strictObject({ email: emailField(), token: tokenField() });
export type FactorRecoveryLinkRequest = z.infer<typeof FactorRecoveryLinkRequest>;
/** Where a recovery stands: not started yet, waiting until `readyAt` (ISO), ready, or done (the factors are gone). */
export const FactorRecoveryState = z.object({ state: z.enum(['notStarted', 'waiting', 'ready', 'done']), readyAt: z.string().nullable() });
export type FactorRecoveryState = z.infer<typeof FactorRecoveryState>;
// .../cancel: the cancel link of the "recovery started" mail.
export const CancelFactorRecoveryRequest = z.strictObject({ token: tokenField() });
export type CancelFactorRecoveryRequest = z.infer<typeof CancelFactorRecoveryRequest>;

// PATCH /api/password/change
export const ChangePasswordRequest = z.strictObject({
  /** PBKDF2 of the new password with `salt`. */
  newPassword: passwordHashField(),
  salt: saltField(),
  /** PBKDF2 of the current password with the current salt (from POST /auth/salt). */
  password: passwordHashField(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
