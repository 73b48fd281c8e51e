import { keys } from '../lib/db/keys';
import { sendWrite, type Write } from '../lib/db/table';

/**
 * An advisor company's family count (keys.familyCount): the dashboard's `count`, kept by
 * every write that creates or deletes one of its relations, in the same transaction. The
 * dashboard also corrects it on its last page, so a missed decrement never shows.
 */
export type FamilyCountItem = { type: 'FamilyCount'; count: number };

/** Adds `delta` to the company's family count (an absent count starts at 0). */
export function familyCountWrite(advisorId: number, delta: number): Write {
  return { update: keys.familyCount(advisorId), spec: { set: { type: 'FamilyCount' }, add: { count: delta } } };
}

/**
 * Counts a new relation (1) or a deleted one (-1), as one item of the relation's own
 * transaction.
 */
export function familyCountOp(advisorId: number, delta: 1 | -1): Write {
  return familyCountWrite(advisorId, delta);
}

/** Sets the count outright (the one-off dashboard migration). */
export async function putFamilyCount(advisorId: number, count: number): Promise<void> {
  const item: FamilyCountItem = { type: 'FamilyCount', count };
  await sendWrite({ put: { ...keys.familyCount(advisorId), ...item } });
}
