import { UpdateUserResponse, type UpdateUserRequest } from '../../../../../shared/contracts/user';
import { call } from '../../../lib/api-client';

/** PATCH /api/user/{userId} (docs/product/accounts.md#calls): the caller's names, prefix and phone; absent fields stay, null clears. */
export function updateUser(userId: string, input: UpdateUserRequest): Promise<UpdateUserResponse> {
  return call('updateUser', { params: { userId }, body: input });
}
