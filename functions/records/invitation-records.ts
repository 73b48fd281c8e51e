import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invitationExpirationDate, invitationStatus } from '../../shared/invitations';
import { nowEpochSeconds } from '../lib/clock';
import { fail } from '../lib/errors';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { queryAll, ConditionFailed, itemExists, sendWriteReturningOld, sendWrite, type Condition, type Key, type Write } from '../lib/db/table';
import { hashToken, newSecretToken } from '../lib/secret-tokens';

/**
 * What every kind of invitation (member, family, advisor) shares: the link token, stored
 * only as its SHA-256 hash with GSI2 keys to find the invitation by it, and the expiry.
 * The link is valid for 14 days (expirationDate, checked on every read); the record lives
 * 30 days longer (expiresAt, the TTL attribute) so lists can still show it as expired.
 * The record sits in the expiry bucket of its expiresAt on GSI1, where the cleanup job
 * finds it once TTL is late.
 *
 * The functions below act on one invitation record by its key, whatever its kind; the
 * kinds (invitations.ts: member and work-relation invitations) name the keys.
 *
 * Revoking deletes the record but leaves a small tombstone keyed by the hash of the link
 * that was out (INVITE_CANCELLED#<hash>), until the record would have been removed
 * anyway (its expiresAt, same TTL and expiry bucket), so that link answers "cancelled by
 * the sender" (INVITATION_CANCELLED, 33) rather than "invalid" or "expired".
 */
export const invitationRecordRetentionSeconds = 30 * 24 * 3600;

export type InvitationExpiry = {
  /** ISO date when the link stops working. */
  expirationDate: string;
  /** Epoch seconds when TTL (or the cleanup job) may remove the record. */
  expiresAt: number;
  /** The expiry bucket of expiresAt (keys.expiryBucketOnGsi1). */
  GSI1PK: string;
  GSI1SK: string;
};

export type InvitationTokenFields = InvitationExpiry & { tokenHash: string; GSI2PK: string; GSI2SK: string };

/** What every invitation record carries, whatever its kind. */
export type InvitationRecord = {
  type: string;
  id: string;
  entityId: number;
  email: string;
  createdByUserId: string;
  /** The inviter's name when inviting, for the list's "sent by". */
  createdByName: string;
  createdDate: string;
  expirationDate: string;
  expiresAt: number;
  accepted: boolean;
  acceptedAt?: string;
  acceptedByUserId?: string;
  /** SHA-256 of the newest link's token; absent until the first e-mail and after a resend. */
  tokenHash?: string;
};

/** The expiry of an invitation e-mailed at `at`. */
export function invitationExpiry(at: Date): InvitationExpiry {
  const expiration = invitationExpirationDate(at);
  const expiresAt = Math.floor(expiration.getTime() / 1000) + invitationRecordRetentionSeconds;
  return { expirationDate: expiration.toISOString(), expiresAt, ...keys.expiryBucketOnGsi1(expiresAt) };
}

/** A new link token for an invitation e-mailed at `at`: the token in clear (for the e-mail only) and the fields to store. */
export function newInvitationToken(at: Date): { token: string; fields: InvitationTokenFields } {
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  return { token, fields: { tokenHash, ...keys.invitationByToken(tokenHash), ...invitationExpiry(at) } };
}

/** The invitation (of any kind) a link token belongs to: one Query on GSI2. */
export async function findInvitationByToken<T extends { type: string }>(token: string): Promise<T | undefined> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.invitationByToken(hashToken(token)).GSI2PK },
      Limit: 1,
    }),
  );
  return result.Items?.[0] as T | undefined;
}

export async function getInvitationRecord<T extends InvitationRecord>(key: Key): Promise<T | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return result.Item as T | undefined;
}

/** Every invitation of one kind (SK prefix) of an entity: one paginated Query of its partition. */
export async function listInvitationRecords<T extends InvitationRecord>(entityId: number, skPrefix: string): Promise<T[]> {
  const items = await queryAll<T>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.entityPartition(entityId), ':prefix': skPrefix },
  });
  return items;
}

/** The record exists and is not accepted (a new link, a renewal). */
const notAccepted: Condition = { expression: 'attribute_exists(PK) AND accepted = :false', values: { ':false': false } };

/** Why a conditional write on a not-accepted invitation failed: gone (4) or accepted meanwhile (32). */
async function explainNotWritable(key: Key): Promise<never> {
  const latest = await getInvitationRecord(key);
  throw fail(latest ? 'INVITATION_ACCEPTED' : 'ITEM_NOT_FOUND');
}

/**
 * Issues a new link for an invitation that is not accepted: stores the token's hash (the
 * previous link stops working) and a validity of 14 days from `at`. Returns the token in
 * clear, for the e-mail only.
 */
export async function issueInvitationToken<T extends InvitationRecord>(key: Key, at: Date): Promise<{ token: string; invitation: T }> {
  const { token, fields } = newInvitationToken(at);
  try {
    const attributes = await sendWrite({ update: key, spec: { set: { ...fields } }, condition: notAccepted });
    return { token, invitation: attributes as T };
  } catch (error) {
    if (error instanceof ConditionFailed) return explainNotWritable(key);
    throw error;
  }
}

/**
 * Renews a pending or expired invitation for a resend: the old link stops working at once
 * and the validity starts again from `at`; the next send-email issues the new link.
 */
export async function renewInvitation<T extends InvitationRecord>(key: Key, at: Date): Promise<T> {
  try {
    const attributes = await sendWrite({
      update: key,
      spec: { set: { ...invitationExpiry(at) }, remove: ['tokenHash', 'GSI2PK', 'GSI2SK'] },
      condition: notAccepted,
    });
    return attributes as T;
  } catch (error) {
    if (error instanceof ConditionFailed) return explainNotWritable(key);
    throw error;
  }
}

/** The tombstone of a revoked invitation's last link (see above). */
export type CancelledInvitationItem = {
  type: 'CancelledInvitation';
  /** The type of the invitation it was (MemberInvitation, FamilyInvitation, AdvisorInvitation). */
  invitationType: string;
  cancelledAt: string;
  expiresAt: number;
};

/**
 * Deletes an invitation, accepted or not (what it led to stays). Unknown → ITEM_NOT_FOUND (4).
 * A revoked invitation that was not accepted and had a link out leaves its tombstone. The
 * delete returns the record as it was at that instant, so the tombstone names exactly the
 * link that was live; a failure between the two writes only loses the wording (the link
 * then answers "invalid", as before tombstones).
 */
export async function deleteInvitationRecord(key: Key, at: Date): Promise<void> {
  let removed: InvitationRecord | undefined;
  try {
    removed = (await sendWriteReturningOld({ delete: key, condition: itemExists })) as InvitationRecord | undefined;
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('ITEM_NOT_FOUND');
    throw error;
  }
  if (!removed?.tokenHash || removed.accepted) return;
  const tombstone: CancelledInvitationItem = {
    type: 'CancelledInvitation',
    invitationType: removed.type,
    cancelledAt: at.toISOString(),
    expiresAt: removed.expiresAt,
  };
  await sendWrite({ put: { ...keys.cancelledInvitation(removed.tokenHash), ...keys.expiryBucketOnGsi1(removed.expiresAt), ...tombstone } });
}

/** Whether `token` is the link of a revoked invitation of `invitationType` (its tombstone, unless past its expiresAt). */
async function isCancelledLink(token: string, invitationType: string): Promise<boolean> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cancelledInvitation(hashToken(token)) }));
  const tombstone = result.Item as CancelledInvitationItem | undefined;
  return tombstone?.invitationType === invitationType && tombstone.expiresAt > nowEpochSeconds();
}

/**
 * The invitation of `invitationType` a link token belongs to, for landing pages, accepting
 * and signup, whatever its kind. Revoked → INVITATION_CANCELLED (33); unknown, replaced by a
 * newer link (resend) or of another kind → INVALID_TOKEN (20); not accepted and past its
 * 14 days → INVITATION_EXPIRED (31). An accepted one is returned: each caller decides.
 */
export async function requireInvitationByToken<T extends InvitationRecord>(token: string, invitationType: string, at: Date): Promise<T> {
  const invitation = await findInvitationByToken<T>(token);
  if (!invitation || invitation.type !== invitationType) {
    throw fail(!invitation && (await isCancelledLink(token, invitationType)) ? 'INVITATION_CANCELLED' : 'INVALID_TOKEN');
  }
  if (invitationStatus(invitation, at) === 'expired') throw fail('INVITATION_EXPIRED');
  return invitation;
}

/**
 * Why accepting with `token` failed on the invitation's own condition: the record is gone
 * (revoked: 33, or unknown: 20), its link was replaced (20), it was accepted meanwhile
 * (32), or it expired (31).
 */
export async function explainUnacceptable(key: Key, token: string, invitationType: string): Promise<never> {
  const latest = await getInvitationRecord(key);
  if (!latest) throw fail((await isCancelledLink(token, invitationType)) ? 'INVITATION_CANCELLED' : 'INVALID_TOKEN');
  if (latest.tokenHash !== hashToken(token)) throw fail('INVALID_TOKEN');
  if (latest.accepted) throw fail('INVITATION_ACCEPTED');
  throw fail('INVITATION_EXPIRED');
}

/**
 * Marks an invitation accepted, as one write of a transaction: only while it is not
 * accepted, its link is still the one used and it has not expired. `extra` records what
 * the acceptance made (e.g. the entity that accepted a work-relation invitation).
 */
export function markInvitationAccepted<Name extends string>(
  key: Key,
  input: { tokenHash: string; userId: string; at: Date; extra?: Record<string, string | number> },
  name?: Name,
): Write<Name> {
  const at = input.at.toISOString();
  return {
    update: key,
    spec: { set: { accepted: true, acceptedAt: at, acceptedByUserId: input.userId, ...input.extra } },
    condition: {
      expression: 'attribute_exists(PK) AND accepted = :false AND tokenHash = :tokenHash AND expirationDate > :at',
      values: { ':false': false, ':tokenHash': input.tokenHash, ':at': at },
    },
    name,
  };
}
