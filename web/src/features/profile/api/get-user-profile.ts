import { useQuery } from '@tanstack/react-query';
import { UserProfile } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/profile (docs/product/accounts.md#calls): the signed-in user with addresses and privacy settings. */
export function getUserProfile(): Promise<UserProfile> {
  return call('getProfile');
}

export function useUserProfile() {
  return useQuery({ queryKey: profileKeys.user, queryFn: getUserProfile });
}
