import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { isConditionalCheckFailure } from '../errors';

/**
 * A mailbox recovery of lost second factors while it waits (USER#id / MFA#RECOVERY): the
 * hash of the recovery link's token that started it, and when its waiting period ends.
 * Signing in with a factor, or the cancel link, deletes it and uses the link up
 * (functions/password/factor-recovery.ts tells the whole flow).
 */
export type FactorRecoveryItem = {
  type: 'FactorRecovery';
  recoveryTokenHash: string;
  startedAt: string;
  readyAt: string;
  /** Epoch seconds: the recovery link's own expiry (TTL). */
  expiresAt: number;
};

export async function getFactorRecovery(userId: string): Promise<FactorRecoveryItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.factorRecovery(userId), ConsistentRead: true }));
  return result.Item as FactorRecoveryItem | undefined;
}

export async function putFactorRecovery(userId: string, item: FactorRecoveryItem): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.factorRecovery(userId), ...item } }));
}

/**
 * Cancels a waiting recovery of the user, if there is one: the item goes and its recovery
 * link is used up (it cannot start another wait). True when one was cancelled.
 */
export async function cancelFactorRecovery(userId: string): Promise<boolean> {
  const result = await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.factorRecovery(userId), ReturnValues: 'ALL_OLD' }));
  const old = result.Attributes as FactorRecoveryItem | undefined;
  if (!old) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.token('RECOVERY', old.recoveryTokenHash),
        UpdateExpression: 'SET usedAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': now().toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  return true;
}

/**
 * Removes every second factor of a user in one transaction: the TOTP item (secret and
 * recovery codes), each passkey, and the profile's counts. `passkeyItemKeys` are the keys
 * of the passkeys read just before (at most maxPasskeysPerUser).
 */
export async function removeAllSecondFactors(userId: string, passkeyItemKeys: ReadonlyArray<{ PK: string; SK: string }>): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.totp(userId) } },
        ...passkeyItemKeys.map((key) => ({ Delete: { TableName: tableName(), Key: key } })),
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(userId),
            UpdateExpression: 'SET totpEnabled = :false, passkeyCount = :zero',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':false': false, ':zero': 0 },
          },
        },
      ],
    }),
  );
}
