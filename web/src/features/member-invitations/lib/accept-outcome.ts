import type { CurrentEntity } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { isApiError } from '../../../lib/api-client';
import type { MessageKey } from '../../../messages/en-US';

/**
 * What accepting a member invitation came to (docs/product/sessions-and-sign-in.md#after-login, docs/product/errors.md#invitations-errors "Accepting an
 * invitation"): joined, or a failure with the message to show. A missing invitation (4)
 * goes to notFound; 70 shows its message without a title.
 */
export type AcceptOutcome =
  | { kind: 'joined'; entity: CurrentEntity }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: MessageKey; hasTitle: boolean; mode: 'error' | 'info' | 'warning' };

export function acceptFailure(error: unknown): Exclude<AcceptOutcome, { kind: 'joined' }> {
  if (!isApiError(error)) return { kind: 'failed', message: 'memberInvitation.errors.acceptFailed', hasTitle: true, mode: 'error' };
  switch (error.errorCode) {
    case ErrorCodes.ITEM_NOT_FOUND:
      return { kind: 'notFound' };
    case ErrorCodes.TOKEN_EXPIRED:
    case ErrorCodes.INVALID_TOKEN:
    case ErrorCodes.INVITATION_EXPIRED:
      return { kind: 'failed', message: 'memberInvitation.errors.expired', hasTitle: true, mode: 'error' };
    case ErrorCodes.INVITATION_CANCELLED:
      return { kind: 'failed', message: 'memberInvitation.errors.cancelled', hasTitle: true, mode: 'error' };
    case ErrorCodes.INVITATION_ACCEPTED:
      return { kind: 'failed', message: 'memberInvitation.errors.accepted', hasTitle: true, mode: 'info' };
    case ErrorCodes.INCORRECT_EMAIL_INPUT:
      return { kind: 'failed', message: 'memberInvitation.errors.email', hasTitle: true, mode: 'error' };
    case ErrorCodes.USER_ALREADY_MEMBER:
      return { kind: 'failed', message: 'memberInvitation.errors.alreadyMember', hasTitle: false, mode: 'info' };
    case ErrorCodes.ACTION_NEEDS_APPROVAL:
      return { kind: 'failed', message: 'memberInvitation.errors.needsApproval', hasTitle: false, mode: 'warning' };
    default:
      return { kind: 'failed', message: 'memberInvitation.errors.acceptFailed', hasTitle: true, mode: 'error' };
  }
}
