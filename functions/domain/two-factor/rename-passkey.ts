import type { Passkey } from '../../../shared/contracts/passkeys';
import { renamePasskeyItem, toPasskey } from '../../records/passkeys';

/** Another user's passkey id is ITEM_NOT_FOUND (4), like one that does not exist: ids cannot be probed. */
export async function renamePasskey(userId: string, passkeyId: string, label: string): Promise<Passkey> {
  return toPasskey(await renamePasskeyItem(userId, passkeyId, label));
}
