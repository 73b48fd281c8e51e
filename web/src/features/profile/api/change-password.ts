import type { ChangePasswordRequest } from '../../../../../shared/contracts/auth';
import { call } from '../../../lib/api-client';

/** PATCH /api/password/change (docs/product/accounts.md#calls): hashes only; a wrong current password answers 22. */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await call('changePassword', { body: input });
}
