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
import type { WorkRelationInvitationKind } from '../../shared/permissions';

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

/**
 * Work-relation invitations, kept by the inviting entity:
 * - family invitation (ENTITY#<advisorId> / FINVITE#id): an advisor company invites a family;
 * - advisor invitation (ENTITY#<familyId> / AINVITE#id): a family invites an advisor
 *   company, to all sections of its canvas or to `canvasSections`.
 * They live like member invitations (invitation-records.ts): created without a
 * link, e-mailed (each e-mail a new token, only the newest works, 14 days), renewed for a
 * resend, marked accepted in the transaction that creates the work relation, deleted on
 * revoke (the relation stays; the link's tombstone makes it answer "cancelled").
 */
export type WorkRelationInvitationItem = InvitationRecord & {
  type: 'FamilyInvitation' | 'AdvisorInvitation';
  kind: WorkRelationInvitationKind;
  /** Advisor invitations: the family's section ids the advisor company will see; empty = all. */
  canvasSections: number[];
  /** Advisor invitations: the last day of the access the relation gets (YYYY-MM-DD, UTC), or absent/null for none. */
  accessUntil?: string | null;
  /** The entity that accepted (the family or the advisor company). */
  acceptedEntityId?: number;
  GSI2PK?: string;
  GSI2SK?: string;
};

export const workRelationInvitationTypes = { family: 'FamilyInvitation', advisor: 'AdvisorInvitation' } as const;

/** The key of a work-relation invitation of the inviting entity. */
export function workRelationInvitationKey(kind: WorkRelationInvitationKind, inviterId: number, invitationId: string) {
  return kind === 'family' ? keys.familyInvitation(inviterId, invitationId) : keys.advisorInvitation(inviterId, invitationId);
}

/** Stores a new invitation (no link yet); its validity starts now and is renewed by every e-mail. */
export async function putWorkRelationInvitation(
  input: Pick<WorkRelationInvitationItem, 'kind' | 'id' | 'entityId' | 'email' | 'createdByUserId' | 'createdByName' | 'canvasSections' | 'accessUntil'>,
  at: Date,
): Promise<WorkRelationInvitationItem> {
  const item: WorkRelationInvitationItem = {
    type: workRelationInvitationTypes[input.kind],
    ...input,
    canvasSections: [...input.canvasSections],
    accessUntil: input.accessUntil ?? null,
    createdDate: at.toISOString(),
    ...invitationExpiry(at),
    accepted: false,
  };
  await sendWrite({ put: { ...workRelationInvitationKey(input.kind, input.entityId, input.id), ...item }, condition: itemIsNew });
  return item;
}

export async function getWorkRelationInvitation(
  kind: WorkRelationInvitationKind,
  inviterId: number,
  invitationId: string,
): Promise<WorkRelationInvitationItem | undefined> {
  return getInvitationRecord<WorkRelationInvitationItem>(workRelationInvitationKey(kind, inviterId, invitationId));
}

/** Every invitation of a kind the entity sent: one paginated Query of its partition. */
export async function listWorkRelationInvitations(kind: WorkRelationInvitationKind, inviterId: number): Promise<WorkRelationInvitationItem[]> {
  return listInvitationRecords<WorkRelationInvitationItem>(inviterId, kind === 'family' ? keys.familyInvitationPrefix : keys.advisorInvitationPrefix);
}

/** A new link (the previous one stops working), valid 14 days from `at`; accepted → 32, unknown → 4. */
export async function issueWorkRelationInvitationToken(kind: WorkRelationInvitationKind, inviterId: number, invitationId: string, at: Date) {
  return issueInvitationToken<WorkRelationInvitationItem>(workRelationInvitationKey(kind, inviterId, invitationId), at);
}

/** Renews a pending or expired invitation for a resend (the old link dies); accepted → 32, unknown → 4. */
export async function renewWorkRelationInvitation(kind: WorkRelationInvitationKind, inviterId: number, invitationId: string, at: Date) {
  return renewInvitation<WorkRelationInvitationItem>(workRelationInvitationKey(kind, inviterId, invitationId), at);
}

/** Deletes an invitation, accepted or not: the work relation it made stays; its link then answers "cancelled". Unknown → 4. */
export async function deleteWorkRelationInvitation(kind: WorkRelationInvitationKind, inviterId: number, invitationId: string, at: Date): Promise<void> {
  await deleteInvitationRecord(workRelationInvitationKey(kind, inviterId, invitationId), at);
}

/** Why accepting `invitation` with `token` failed on its own condition: 33, 20, 32 or 31 (invitation-records.ts explainUnacceptable). */
export async function explainWorkRelationInvitationRefusal(
  invitation: Pick<WorkRelationInvitationItem, 'kind' | 'entityId' | 'id'>,
  token: string,
): Promise<never> {
  return explainUnacceptable(
    workRelationInvitationKey(invitation.kind, invitation.entityId, invitation.id),
    token,
    workRelationInvitationTypes[invitation.kind],
  );
}

/** Marks the invitation accepted by `entityId`, as one item of the transaction that creates the relation. */
export function markWorkRelationInvitationAccepted<Name extends string>(
  invitation: Pick<WorkRelationInvitationItem, 'kind' | 'entityId' | 'id'>,
  input: { tokenHash: string; userId: string; at: Date; acceptedEntityId: number },
  name?: Name,
): Write<Name> {
  return markInvitationAccepted(
    workRelationInvitationKey(invitation.kind, invitation.entityId, invitation.id),
    {
      tokenHash: input.tokenHash,
      userId: input.userId,
      at: input.at,
      extra: { acceptedEntityId: input.acceptedEntityId },
    },
    name,
  );
}
