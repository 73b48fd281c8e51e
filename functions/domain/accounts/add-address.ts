import type { AddressRequest, AddressResponse } from '../../../shared/contracts/user';
import { addUserAddress } from '../../records/users';

/** Adds an address to the caller's profile (at most maxUserAddresses; more answers ITEM_FOUND, 9). */
export async function addAddress(userId: string, input: AddressRequest): Promise<AddressResponse> {
  return addUserAddress(userId, input);
}
