import { keys } from '../lib/db/keys';
import { queryAll, ConditionFailed, sendWrite, type Key } from '../lib/db/table';

/**
 * Items that expire (invitations of every kind, confirmation and reset tokens, sessions)
 * carry the UTC day of their `expiresAt` as an expiry bucket (`EXPIRY#<yyyy-mm-dd>`): on
 * GSI1 for invitations and tokens, on GSI2 for sessions (their GSI1 lists a user's
 * sessions). The cleanup (./remove-expired-items.ts) finds them here, whatever their type.
 */

/** The keys of the items of one day's bucket on one index that expired by `nowS` (epoch seconds): one paginated Query. */
export async function expiredInBucket(indexName: 'GSI1' | 'GSI2', day: string, nowS: number): Promise<Key[]> {
  return queryAll<Key>({
    IndexName: indexName,
    KeyConditionExpression: '#pk = :pk AND #sk <= :now',
    ExpressionAttributeNames: { '#pk': `${indexName}PK`, '#sk': `${indexName}SK` },
    ExpressionAttributeValues: { ':pk': keys.expiryBucketPartition(day), ':now': keys.expirySortKey(nowS) },
    ProjectionExpression: 'PK, SK',
  });
}

/** Deletes one item if it is still expired; answers whether it did (false: renewed, e.g. by a resend, or already gone). */
export async function deleteIfExpired(item: Key, nowS: number): Promise<boolean> {
  try {
    await sendWrite({
      delete: { PK: item.PK, SK: item.SK },
      condition: { expression: 'attribute_exists(PK) AND expiresAt <= :now', values: { ':now': nowS } },
      name: 'stillExpired',
    });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.condition === 'stillExpired') return false;
    throw error;
  }
}
