import { getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { enforcePolicyAfterFactorRemoved } from './enforce-policy';
import { announceSignInMethodChange, type ChangeClient } from '../accounts/notice';
import { removeRecoveryCodesWithoutFactor } from '../../records/second-factors';
import { getPasskeyItem, removePasskeyItem } from '../../records/passkeys';

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
