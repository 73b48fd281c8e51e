import type { PasskeysResponse } from '../../../shared/contracts/passkeys';
import { listPasskeyItems, toPasskey } from '../../records/passkeys';

/** The caller's passkeys, oldest first. */
export async function listPasskeys(userId: string): Promise<PasskeysResponse> {
  return (await listPasskeyItems(userId)).map(toPasskey);
}
