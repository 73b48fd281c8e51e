import type { UserProfile } from '../../../shared/contracts/auth';
import { getUser, toUserProfile } from '../../records/users';
import { fail } from '../../lib/errors';

/** The signed-in user's profile (docs/product/accounts.md#fields User), privacy settings included. */
export async function getProfile(userId: string): Promise<UserProfile> {
  const user = await getUser(userId);
  if (!user) throw fail('ITEM_NOT_FOUND');
  return toUserProfile(user);
}
