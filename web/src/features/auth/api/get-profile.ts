import { UserProfile } from '../../../../../shared/contracts/auth';
import { call, type RequestOptions } from '../../../lib/api-client';

/** GET /api/user/profile (docs/product/accounts.md#calls): the signed-in user (401 code 5 without a session, 7 when it expired). */
export function getProfile(options: Pick<RequestOptions<UserProfile>, 'handleLocally' | 'signal'> = {}): Promise<UserProfile> {
  return call('getProfile', options);
}
