import { keys } from '../lib/db/keys';
import { queryAll, ConditionFailed, itemExists, sendWrite, type Write } from '../lib/db/table';

/**
 * The access-expiry job's entry for a relation with an end date (keys.accessExpiry): one
 * partition of all entries, ordered by day, so the job reads what is due with one Query.
 */
export type AccessExpiryItem = {
  type: 'AccessExpiry';
  familyId: number;
  advisorId: number;
  accessUntil: string;
  /** When the 7-day warning went out for this end date (once; a new end date is a new item). */
  warnedAt?: string;
};

type EntryOf = Pick<AccessExpiryItem, 'familyId' | 'advisorId' | 'accessUntil'>;
const keyOf = (entry: EntryOf) => keys.accessExpiry(entry.accessUntil, entry.familyId, entry.advisorId);

/** The access-expiry entry of a relation's end date, as one item of a transaction. */
export function putAccessExpiry(familyId: number, advisorId: number, accessUntil: string): Write {
  const item: AccessExpiryItem = { type: 'AccessExpiry', familyId, advisorId, accessUntil };
  return { put: { ...keyOf(item), ...item } };
}

/** Removes the access-expiry entry of an end date, as one item of a transaction. */
export function deleteAccessExpiry(familyId: number, advisorId: number, accessUntil: string): Write {
  return { delete: keyOf({ familyId, advisorId, accessUntil }) };
}

/** Access-expiry entries whose end day is in [fromDay, toDay] (either open): one paginated Query of their partition. */
export async function listAccessExpiries(range: { fromDay?: string; toDay?: string }): Promise<AccessExpiryItem[]> {
  const low = range.fromDay ?? '0000-00-00';
  // '#' sorts before digits: `${day}#~` is after every entry of that day.
  const high = `${range.toDay ?? '9999-12-31'}#~`;
  return queryAll<AccessExpiryItem>({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :low AND :high',
    ExpressionAttributeValues: { ':pk': keys.accessExpiryPartition, ':low': low, ':high': high },
    ConsistentRead: true,
  });
}

/** Marks the 7-day warning of an end date as sent; false when it was already (or the entry is gone). */
export async function takeAccessExpiryWarning(entry: EntryOf, at: Date): Promise<boolean> {
  const write: Write<'notWarnedYet'> = {
    update: keyOf(entry),
    spec: { set: { warnedAt: at.toISOString() } },
    condition: { expression: `${itemExists.expression} AND attribute_not_exists(warnedAt)` },
    name: 'notWarnedYet',
  };
  try {
    await sendWrite(write);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.condition === 'notWarnedYet') return false;
    throw error;
  }
}

/** Gives a warning back after its mail failed, so the next run sends it. */
export async function releaseAccessExpiryWarning(entry: EntryOf): Promise<void> {
  await sendWrite({ update: keyOf(entry), spec: { remove: ['warnedAt'] } });
}

/** Removes an entry left behind (its relation ended, or its date changed): outside a transaction. */
export async function forgetAccessExpiry(entry: EntryOf): Promise<void> {
  await sendWrite({ delete: keyOf(entry) });
}
