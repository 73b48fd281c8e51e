import { SaltResponse } from '../../../../../shared/contracts/auth';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/salt (spec 01 §7): the salt the current password was hashed with. */
export async function getSalt(email: string): Promise<string> {
  const { salt } = await apiClient.post('/auth/salt', { email }, { schema: SaltResponse });
  return salt;
}
