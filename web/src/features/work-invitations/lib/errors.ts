import { ErrorCodes } from '../../../../../shared/errors';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import type { MessageKey } from '../../../messages/en-US';

/**
 * How the invitation pages answer a failed call (docs/product/errors.md#invitations-errors, docs/product/errors.md#invitations-errors). Each function
 * turns an error into what the page shows: a toast (title and text, message keys), a
 * field to flag, or a page state. 'global' means the app's global handler (codes 7 and 14)
 * already acted; 'system' means the generic system-error toast.
 */

export type ToastText = { title: MessageKey; text: MessageKey };
export type Outcome = ToastText | 'system' | 'global';

const codeOf = (error: unknown): number | null => (isApiError(error) ? error.errorCode : null);
const isGlobal = (error: unknown) => isApiError(error) && globallyHandledCodes.includes(error.errorCode);

/** Invite forms (family and advisor): docs/product/errors.md#invitations-errors "Invite forms". */
export function inviteFailure(error: unknown): (ToastText & { flagsEmail: boolean }) | 'system' | 'global' {
  if (isGlobal(error)) return 'global';
  const title: MessageKey = 'workInvitations.errors.sendTitle';
  switch (codeOf(error)) {
    case ErrorCodes.INCORRECT_INPUT:
    case ErrorCodes.FORBIDDEN:
      return { title, text: 'workInvitations.errors.invalidInput', flagsEmail: false };
    case ErrorCodes.ITEM_NOT_FOUND:
    case ErrorCodes.INVITATION_ACCEPTED:
    case ErrorCodes.INVITATION_EXPIRED:
    case ErrorCodes.INVITATION_CANCELLED:
      return { title, text: 'workInvitations.errors.invalidInvitation', flagsEmail: false };
    case ErrorCodes.VALIDATION_ERROR:
      return { title, text: 'workInvitations.errors.validation', flagsEmail: true };
    case ErrorCodes.USER_ALREADY_MEMBER:
      return { title, text: 'workInvitations.errors.memberExists', flagsEmail: true };
    case ErrorCodes.ITEM_FOUND:
      return { title, text: 'workInvitations.errors.pendingExists', flagsEmail: true };
    case ErrorCodes.EMAIL_SEND_FAILED:
      return { title, text: 'workInvitations.errors.mailFailed', flagsEmail: false };
    default:
      return 'system';
  }
}

/** Cancel (revoke): forbidden has its own toast, the rest is a system error. */
export function revokeFailure(error: unknown): Outcome {
  if (isGlobal(error)) return 'global';
  if (codeOf(error) === ErrorCodes.FORBIDDEN) return { title: 'workInvitations.errors.revokeTitle', text: 'workInvitations.errors.revoke' };
  return 'system';
}

/** Resend: forbidden → resend error; not found, expired (or accepted meanwhile) → invalid invitation. */
export function resendFailure(error: unknown): Outcome {
  if (isGlobal(error)) return 'global';
  switch (codeOf(error)) {
    case ErrorCodes.FORBIDDEN:
      return { title: 'workInvitations.errors.resendTitle', text: 'workInvitations.errors.resend' };
    case ErrorCodes.ITEM_NOT_FOUND:
    case ErrorCodes.INVITATION_EXPIRED:
    case ErrorCodes.INVITATION_ACCEPTED:
      return { title: 'workInvitations.errors.resendTitle', text: 'workInvitations.errors.invalidInvitation' };
    case ErrorCodes.ITEM_FOUND:
      return { title: 'workInvitations.errors.resendTitle', text: 'workInvitations.errors.pendingExists' };
    case ErrorCodes.EMAIL_SEND_FAILED:
      return { title: 'workInvitations.errors.resendTitle', text: 'workInvitations.errors.mailFailed' };
    default:
      return 'system';
  }
}

/** What an invitation landing page shows when the invitation cannot be read (docs/product/errors.md#invitations-errors, docs/product/errors.md#invitations-errors). */
export type LandingFailure = 'notFound' | 'expired' | 'cancelled' | 'accepted' | 'invalidRole' | 'needsApproval' | 'system' | 'global';

export function landingFailure(error: unknown): LandingFailure {
  if (isGlobal(error)) return 'global';
  switch (codeOf(error)) {
    case ErrorCodes.ITEM_NOT_FOUND:
      return 'notFound';
    case ErrorCodes.TOKEN_EXPIRED:
    case ErrorCodes.INVALID_TOKEN:
    case ErrorCodes.INVITATION_EXPIRED:
      return 'expired';
    case ErrorCodes.INVITATION_CANCELLED:
      return 'cancelled';
    case ErrorCodes.INVITATION_ACCEPTED:
      return 'accepted';
    case ErrorCodes.INVALID_ENTITY_ROLE:
      return 'invalidRole';
    case ErrorCodes.ACTION_NEEDS_APPROVAL:
      return 'needsApproval';
    default:
      return 'system';
  }
}

/** Accepting on the select page (docs/product/invitations.md#select-pages, docs/product/errors.md#invitations-errors). */
export type AcceptFailure =
  { kind: 'emailMismatch' } | { kind: 'message'; text: MessageKey; isFinal: boolean } | { kind: 'fields'; fields: string[] } | 'system' | 'global';

export function acceptFailure(error: unknown): AcceptFailure {
  if (isGlobal(error)) return 'global';
  switch (codeOf(error)) {
    case ErrorCodes.INCORRECT_EMAIL_INPUT:
      return { kind: 'emailMismatch' };
    case ErrorCodes.USER_ALREADY_MEMBER:
      return { kind: 'message', text: 'selectEntity.errors.alreadyRelated', isFinal: false };
    case ErrorCodes.FORBIDDEN:
      return { kind: 'message', text: 'selectEntity.errors.forbidden', isFinal: false };
    case ErrorCodes.INCORRECT_ENTITY_TYPE_INPUT:
      return { kind: 'message', text: 'selectEntity.errors.wrongType', isFinal: false };
    case ErrorCodes.INVITATION_EXPIRED:
    case ErrorCodes.TOKEN_EXPIRED:
    case ErrorCodes.INVALID_TOKEN:
      return { kind: 'message', text: 'selectEntity.errors.expired', isFinal: true };
    case ErrorCodes.INVITATION_CANCELLED:
      return { kind: 'message', text: 'selectEntity.errors.cancelled', isFinal: true };
    case ErrorCodes.INVITATION_ACCEPTED:
      return { kind: 'message', text: 'selectEntity.errors.accepted', isFinal: true };
    case ErrorCodes.ACTION_NEEDS_APPROVAL:
      return { kind: 'message', text: 'selectEntity.errors.needsApproval', isFinal: false };
    case ErrorCodes.VALIDATION_ERROR:
    case ErrorCodes.INCORRECT_INPUT:
      return { kind: 'fields', fields: isApiError(error) ? Object.keys(error.errors) : [] };
    default:
      return 'system';
  }
}
