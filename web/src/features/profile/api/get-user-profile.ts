import { useQuery } from '@tanstack/react-query';
import { UserProfile } from '../../../../../shared/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/profile (spec 01 §7 User): the signed-in user with addresses and privacy settings. */
export function getUserProfile(): Promise<UserProfile> {
  return apiClient.get('/user/profile', { schema: UserProfile });
}

export function useUserProfile() {
  return useQuery({ queryKey: profileKeys.user, queryFn: getUserProfile });
}
