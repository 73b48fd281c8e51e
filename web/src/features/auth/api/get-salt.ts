import { SaltResponse, type SaltRequest } from '../../../../../shared/contracts/auth';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/salt (spec 01 §7): the salt the e-mail's password was hashed with (a stable decoy for unknown e-mails). */
export async function getSalt(input: SaltRequest): Promise<string> {
  const { salt } = await apiClient.post('/auth/salt', input, { schema: SaltResponse });
  return salt;
}
