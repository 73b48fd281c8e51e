import { keys } from '../lib/db/keys';
import { itemExists, sendWrite } from '../lib/db/table';

/**
 * The two-factor policy of an advisor company: the `requireTwoFactor` flag on its entity
 * item (ENTITY#id / ENTITY; the item itself belongs to the organisations' entity module,
 * read through getEntity). Only this flag is written here.
 */
export async function setRequireTwoFactor(entityId: number, requireTwoFactor: boolean): Promise<void> {
  await sendWrite({ update: keys.entity(entityId), spec: { set: { requireTwoFactor } }, condition: itemExists });
}
