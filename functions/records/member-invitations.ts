import type { EntityRoleId, EntityTypeId } from '../../shared/enums';
import {
  deleteInvitationRecord,
  explainUnacceptable,
  getInvitationRecord,
  invitationExpiry,
  issueInvitationToken,
  listInvitationRecords,
  markInvitationAccepted,
  renewInvitation,
  type InvitationRecord,
} from './invitation-records';
import { keys } from '../lib/db/keys';
import { itemIsNew, sendWrite, type Write } from '../lib/db/table';

/**
 * Member invitations (ENTITY#id / MINVITE#id). Created first (no link yet), then e-mailed:
 * each e-mail issues a new token, whose hash and GSI2 keys replace the previous one, so
 * only the newest link works. Accepting marks the record (it is kept, so the landing page
 * can say "already accepted"); revoking deletes it and leaves a tombstone of its link
 * (invitation-records.ts), so the link says "cancelled".
 */
export type MemberInvitationItem = InvitationRecord & {
  type: 'MemberInvitation';
  entityTypeId: EntityTypeId;
  entityRoleId: EntityRoleId;
  GSI2PK?: string;
  GSI2SK?: string;
};

/** Stores a new invitation; its validity starts now, and is renewed by every e-mail. */
export async function putMemberInvitation(
  input: Omit<MemberInvitationItem, 'type' | 'expirationDate' | 'expiresAt' | 'accepted' | 'createdDate'>,
  at: Date,
): Promise<MemberInvitationItem> {
  const item: MemberInvitationItem = { type: 'MemberInvitation', ...input, createdDate: at.toISOString(), ...invitationExpiry(at), accepted: false };
  await sendWrite({ put: { ...keys.memberInvitation(item.entityId, item.id), ...item }, condition: itemIsNew });
  return item;
}

export async function getMemberInvitation(entityId: number, invitationId: string): Promise<MemberInvitationItem | undefined> {
  return getInvitationRecord<MemberInvitationItem>(keys.memberInvitation(entityId, invitationId));
}

/** Every member invitation of an entity: one paginated Query of its partition. */
export async function listMemberInvitations(entityId: number): Promise<MemberInvitationItem[]> {
  return listInvitationRecords<MemberInvitationItem>(entityId, keys.memberInvitationPrefix);
}

/**
 * Issues a new link for an invitation that is not accepted: stores the token's hash (the
 * previous link stops working) and a validity of 14 days from `at`. Returns the token in
 * clear, for the e-mail only.
 */
export async function issueMemberInvitationToken(
  entityId: number,
  invitationId: string,
  at: Date,
): Promise<{ token: string; invitation: MemberInvitationItem }> {
  return issueInvitationToken<MemberInvitationItem>(keys.memberInvitation(entityId, invitationId), at);
}

/**
 * Renews a pending or expired invitation for a resend: the old link stops working at once
 * and the validity starts again from `at`; the next send-email issues the new link.
 */
export async function renewMemberInvitation(entityId: number, invitationId: string, at: Date): Promise<MemberInvitationItem> {
  return renewInvitation<MemberInvitationItem>(keys.memberInvitation(entityId, invitationId), at);
}

/** Deletes an invitation, accepted or not (the membership it led to stays); its link then answers "cancelled". Unknown → ITEM_NOT_FOUND (4). */
export async function deleteMemberInvitation(entityId: number, invitationId: string, at: Date): Promise<void> {
  await deleteInvitationRecord(keys.memberInvitation(entityId, invitationId), at);
}

/** Why accepting `invitation` with `token` failed on its own condition: 33, 20, 32 or 31 (invitation-records.ts explainUnacceptable). */
export async function explainMemberInvitationRefusal(invitation: Pick<MemberInvitationItem, 'entityId' | 'id'>, token: string): Promise<never> {
  return explainUnacceptable(keys.memberInvitation(invitation.entityId, invitation.id), token, 'MemberInvitation');
}

/**
 * Marks an invitation accepted, as one write of a transaction: only while it is not
 * accepted, its link is still the one used and it has not expired.
 */
export function markMemberInvitationAccepted<Name extends string>(
  invitation: Pick<MemberInvitationItem, 'entityId' | 'id'>,
  input: { tokenHash: string; userId: string; at: Date },
  name?: Name,
): Write<Name> {
  return markInvitationAccepted(keys.memberInvitation(invitation.entityId, invitation.id), input, name);
}
