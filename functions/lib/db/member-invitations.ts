import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { EntityRoleId, EntityTypeId } from '../../../shared/enums';
import { fail, isConditionalCheckFailure } from '../errors';
import { db, tableName } from './client';
import { invitationExpiry, newInvitationToken } from './invitations';
import { keys } from './keys';

/**
 * Member invitations (ENTITY#id / MINVITE#id). Created first (no link yet), then e-mailed:
 * each e-mail issues a new token, whose hash and GSI2 keys replace the previous one, so
 * only the newest link works. Accepting marks the record (it is kept, so the landing page
 * can say "already accepted"); revoking deletes it.
 */
export type MemberInvitationItem = {
  type: 'MemberInvitation';
  id: string;
  entityId: number;
  entityTypeId: EntityTypeId;
  email: string;
  entityRoleId: EntityRoleId;
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
  GSI2PK?: string;
  GSI2SK?: string;
};

/** Stores a new invitation; its validity starts now, and is renewed by every e-mail. */
export async function putMemberInvitation(input: Omit<MemberInvitationItem, 'type' | 'expirationDate' | 'expiresAt' | 'accepted' | 'createdDate'>, at: Date): Promise<MemberInvitationItem> {
  const item: MemberInvitationItem = { type: 'MemberInvitation', ...input, createdDate: at.toISOString(), ...invitationExpiry(at), accepted: false };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.memberInvitation(item.entityId, item.id), ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return item;
}

export async function getMemberInvitation(entityId: number, invitationId: string): Promise<MemberInvitationItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.memberInvitation(entityId, invitationId) }));
  return result.Item as MemberInvitationItem | undefined;
}

/** Every member invitation of an entity: one paginated Query of its partition. */
export async function listMemberInvitations(entityId: number): Promise<MemberInvitationItem[]> {
  const items: MemberInvitationItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.entityPartition(entityId), ':prefix': keys.memberInvitationPrefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as MemberInvitationItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Why a conditional write on a not-accepted invitation failed: gone (4) or accepted meanwhile (32). */
async function explainNotWritable(entityId: number, invitationId: string): Promise<never> {
  const latest = await getMemberInvitation(entityId, invitationId);
  throw fail(latest ? 'INVITATION_ACCEPTED' : 'ITEM_NOT_FOUND');
}

/**
 * Issues a new link for an invitation that is not accepted: stores the token's hash (the
 * previous link stops working) and a validity of 14 days from `at`. Returns the token in
 * clear, for the e-mail only.
 */
export async function issueMemberInvitationToken(entityId: number, invitationId: string, at: Date): Promise<{ token: string; invitation: MemberInvitationItem }> {
  const { token, fields } = newInvitationToken(at);
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.memberInvitation(entityId, invitationId),
        UpdateExpression: 'SET tokenHash = :tokenHash, GSI2PK = :gsi2pk, GSI2SK = :gsi2sk, expirationDate = :expirationDate, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_exists(PK) AND accepted = :false',
        ExpressionAttributeValues: {
          ':tokenHash': fields.tokenHash,
          ':gsi2pk': fields.GSI2PK,
          ':gsi2sk': fields.GSI2SK,
          ':expirationDate': fields.expirationDate,
          ':expiresAt': fields.expiresAt,
          ':false': false,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { token, invitation: result.Attributes as MemberInvitationItem };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return explainNotWritable(entityId, invitationId);
    throw error;
  }
}

/**
 * Renews a pending or expired invitation for a resend: the old link stops working at once
 * and the validity starts again from `at`; the next send-email issues the new link.
 */
export async function renewMemberInvitation(entityId: number, invitationId: string, at: Date): Promise<MemberInvitationItem> {
  const expiry = invitationExpiry(at);
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.memberInvitation(entityId, invitationId),
        UpdateExpression: 'SET expirationDate = :expirationDate, expiresAt = :expiresAt REMOVE tokenHash, GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK) AND accepted = :false',
        ExpressionAttributeValues: { ':expirationDate': expiry.expirationDate, ':expiresAt': expiry.expiresAt, ':false': false },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes as MemberInvitationItem;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return explainNotWritable(entityId, invitationId);
    throw error;
  }
}

/** Deletes an invitation, accepted or not (the membership it led to stays). Unknown → ITEM_NOT_FOUND (4). */
export async function deleteMemberInvitation(entityId: number, invitationId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.memberInvitation(entityId, invitationId), ConditionExpression: 'attribute_exists(PK)' }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw fail('ITEM_NOT_FOUND');
    throw error;
  }
}

/**
 * Marks an invitation accepted, as one item of a transaction: only while it is not
 * accepted, its link is still the one used and it has not expired.
 */
export function markMemberInvitationAccepted(invitation: Pick<MemberInvitationItem, 'entityId' | 'id'>, input: { tokenHash: string; userId: string; at: Date }): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.memberInvitation(invitation.entityId, invitation.id),
      UpdateExpression: 'SET accepted = :true, acceptedAt = :at, acceptedByUserId = :userId',
      ConditionExpression: 'attribute_exists(PK) AND accepted = :false AND tokenHash = :tokenHash AND expirationDate > :at',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':at': input.at.toISOString(), ':userId': input.userId, ':tokenHash': input.tokenHash },
    },
  };
}
