import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { maxPasskeysPerUser } from '../../shared/contract-limits';
import type { Passkey } from '../../shared/contracts/passkeys';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { queryAll, ConditionFailed, itemExists, itemIsNew, sendWrite, transactWrites } from '../lib/db/table';
import { fail } from '../lib/errors';

/**
 * A user's passkeys (USER#<id> / PASSKEY#<passkeyId>), in the user's partition: the list
 * and the sign-in's look-up are one Query of at most maxPasskeysPerUser items. The user's
 * profile item counts them (`passkeyCount`), in the same transaction as each add and
 * removal, so "has a second factor" is read from the profile alone.
 */
export type PasskeyItem = {
  type: 'Passkey';
  id: string;
  userId: string;
  /** The WebAuthn credential id and COSE public key, base64url. */
  credentialId: string;
  publicKey: string;
  /** The authenticator's signature counter as last seen (0: it keeps none, as synced passkeys do). */
  signCount: number;
  transports: string[];
  label: string;
  device: string | null;
  /** Whether the authenticator said the passkey is backed up (synced); informative only. */
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
};

export async function listPasskeyItems(userId: string): Promise<PasskeyItem[]> {
  const items = await queryAll<PasskeyItem>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':prefix': keys.passkeyPrefix },
    ConsistentRead: true,
  });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function toPasskey(item: PasskeyItem): Passkey {
  return { id: item.id, label: item.label, createdDate: item.createdAt, lastUsedDate: item.lastUsedAt, ...(item.device ? { device: item.device } : {}) };
}

/** Stores a new passkey and counts it on the profile; PASSKEY_LIMIT_REACHED (97) beyond the maximum. */
export async function addPasskey(item: PasskeyItem): Promise<void> {
  await transactWrites(
    [
      { put: { ...keys.passkey(item.userId, item.id), ...item }, condition: itemIsNew },
      {
        update: keys.user(item.userId),
        spec: { add: { passkeyCount: 1 } },
        condition: {
          expression: 'attribute_exists(PK) AND (attribute_not_exists(passkeyCount) OR passkeyCount < :max)',
          values: { ':max': maxPasskeysPerUser },
        },
        name: 'belowLimit',
      },
    ],
    { belowLimit: () => fail('PASSKEY_LIMIT_REACHED') },
  );
}

export async function getPasskeyItem(userId: string, passkeyId: string): Promise<PasskeyItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.passkey(userId, passkeyId), ConsistentRead: true }));
  return result.Item as PasskeyItem | undefined;
}

/** Renames one of the user's passkeys; ITEM_NOT_FOUND (4) when the user has no such passkey. */
export async function renamePasskeyItem(userId: string, passkeyId: string, label: string): Promise<PasskeyItem> {
  try {
    return (await sendWrite({ update: keys.passkey(userId, passkeyId), spec: { set: { label } }, condition: itemExists })) as PasskeyItem;
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('ITEM_NOT_FOUND');
    throw error;
  }
}

/** Removes one of the user's passkeys and uncounts it; ITEM_NOT_FOUND (4) when the user has no such passkey. */
export async function removePasskeyItem(userId: string, passkeyId: string): Promise<void> {
  await transactWrites(
    [
      { delete: keys.passkey(userId, passkeyId), condition: itemExists, name: 'passkeyExists' },
      { update: keys.user(userId), spec: { add: { passkeyCount: -1 } }, condition: { expression: 'passkeyCount > :zero', values: { ':zero': 0 } } },
    ],
    { passkeyExists: () => fail('ITEM_NOT_FOUND') },
  );
}

/**
 * After a verified sign-in: the new signature counter and the time of use. The write is
 * conditional on the counter it verified against, so of two answers carrying the same
 * counter only one signs in (a cloned authenticator, or a replay racing the original).
 * False when the passkey was removed or the counter moved meanwhile.
 */
export async function recordPasskeyUse(item: PasskeyItem, newCount: number, at: string): Promise<boolean> {
  try {
    await sendWrite({
      update: keys.passkey(item.userId, item.id),
      spec: { set: { signCount: newCount, lastUsedAt: at } },
      condition: {
        expression: newCount > 0 ? 'attribute_exists(PK) AND signCount < :count' : 'attribute_exists(PK) AND signCount = :count',
        values: { ':count': newCount },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}
