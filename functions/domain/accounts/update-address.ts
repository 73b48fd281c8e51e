import type { AddressRequest, AddressResponse } from '../../../shared/contracts/user';
import { updateUserAddress } from '../../records/users';

/** Replaces one of the caller's addresses; another user's address id is simply not found (4). */
export async function updateAddress(userId: string, addressId: string, input: AddressRequest): Promise<AddressResponse> {
  return updateUserAddress(userId, addressId, input);
}
