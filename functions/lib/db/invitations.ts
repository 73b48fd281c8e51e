import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invitationExpirationDate } from '../../../shared/invitations';
import { hashToken, newSecretToken } from '../session';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * What every kind of invitation (member, family, advisor) shares: the link token, stored
 * only as its SHA-256 hash with GSI2 keys to find the invitation by it, and the expiry.
 * The link is valid for 14 days (expirationDate, checked on every read); the record lives
 * 30 days longer (expiresAt, the TTL attribute) so lists can still show it as expired.
 */
export const invitationRecordRetentionSeconds = 30 * 24 * 3600;

export type InvitationExpiry = {
  /** ISO date when the link stops working. */
  expirationDate: string;
  /** Epoch seconds when TTL may remove the record. */
  expiresAt: number;
};

export type InvitationTokenFields = InvitationExpiry & { tokenHash: string; GSI2PK: string; GSI2SK: string };

/** The expiry of an invitation e-mailed at `at`. */
export function invitationExpiry(at: Date): InvitationExpiry {
  const expiration = invitationExpirationDate(at);
  return { expirationDate: expiration.toISOString(), expiresAt: Math.floor(expiration.getTime() / 1000) + invitationRecordRetentionSeconds };
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
