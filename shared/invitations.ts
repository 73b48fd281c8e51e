import type { InvitationStatus } from './enums';

/**
 * Invitations of every kind (member, family, advisor): how long a link is valid and what
 * state an invitation is in. The status is derived, never stored (docs/product/invitations.md#fields).
 */

/** An invitation link is valid for 14 days from the e-mail that carries it (docs/product/limits.md#invitations-limits). */
export const invitationValidityDays = 14;
export const invitationValidityMs = invitationValidityDays * 24 * 60 * 60 * 1000;

/** The end of validity of an invitation e-mailed at `sentAt`. */
export function invitationExpirationDate(sentAt: Date): Date {
  return new Date(sentAt.getTime() + invitationValidityMs);
}

/**
 * accepted; otherwise expired once `now` has reached expirationDate; otherwise pending.
 * `now` is the caller's clock (the server passes its own, which tests can move).
 */
export function invitationStatus(invitation: { accepted: boolean; expirationDate: string }, now: Date): InvitationStatus {
  if (invitation.accepted) return 'accepted';
  return Date.parse(invitation.expirationDate) <= now.getTime() ? 'expired' : 'pending';
}
