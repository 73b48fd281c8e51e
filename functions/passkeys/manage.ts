import type { Passkey, PasskeysResponse } from '../../shared/contracts/passkeys';
import { getUser } from '../lib/db/users';
import { fail } from '../lib/errors';
import { enforcePolicyAfterFactorRemoved } from '../lib/mfa/enforce';
import { announceSignInMethodChange, type ChangeClient } from '../lib/mfa/notice';
import { removeRecoveryCodesWithoutFactor } from '../lib/mfa/store';
import { getPasskeyItem, listPasskeyItems, removePasskeyItem, renamePasskeyItem, toPasskey } from './store';

/** The caller's passkeys, oldest first. */
export async function listPasskeys(userId: string): Promise<PasskeysResponse> {
  return (await listPasskeyItems(userId)).map(toPasskey);
}

/** Another user's passkey id is ITEM_NOT_FOUND (4), like one that does not exist: ids cannot be probed. */
export async function renamePasskey(userId: string, passkeyId: string, label: string): Promise<Passkey> {
  return toPasskey(await renamePasskeyItem(userId, passkeyId, label));
}

/**
 * Removes a passkey (the route needs a recent re-authentication) and announces it by mail.
 * The last second factor gone, the recovery codes go too (nothing asks for them any more).
 */
export async function removePasskey(userId: string, passkeyId: string, client: ChangeClient): Promise<void> {
  const passkey = await getPasskeyItem(userId, passkeyId);
  if (!passkey) throw fail('ITEM_NOT_FOUND');
  await removePasskeyItem(userId, passkeyId);
  const user = await getUser(userId, { consistent: true });
  if (user && !user.totpEnabled && (user.passkeyCount ?? 0) === 0) await removeRecoveryCodesWithoutFactor(userId);
  // It may have been the last second factor a company of the user requires.
  await enforcePolicyAfterFactorRemoved(userId);
  await announceSignInMethodChange(userId, { kind: 'passkey-removed', label: passkey.label }, client);
}
