import type { Passkey, PasskeysResponse } from '../../shared/contracts/passkeys';
import { enforcePolicyAfterFactorRemoved } from '../lib/mfa/enforce';
import { listPasskeyItems, removePasskeyItem, renamePasskeyItem, toPasskey } from './store';

/** The caller's passkeys, oldest first. */
export async function listPasskeys(userId: string): Promise<PasskeysResponse> {
  return (await listPasskeyItems(userId)).map(toPasskey);
}

/** Another user's passkey id is ITEM_NOT_FOUND (4), like one that does not exist: ids cannot be probed. */
export async function renamePasskey(userId: string, passkeyId: string, label: string): Promise<Passkey> {
  return toPasskey(await renamePasskeyItem(userId, passkeyId, label));
}

export async function removePasskey(userId: string, passkeyId: string): Promise<void> {
  await removePasskeyItem(userId, passkeyId);
  // It may have been the last second factor a company of the user requires.
  await enforcePolicyAfterFactorRemoved(userId);
}
