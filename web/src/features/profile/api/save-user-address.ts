import { AddressResponse, type AddressRequest } from '../../../../../shared/contracts/user';
import { call } from '../../../lib/api-client';

/** POST /api/user/address (no id: adds) and PATCH /api/user/address/{id} (replaces) (docs/product/accounts.md#calls). */
export function saveUserAddress(input: AddressRequest, addressId?: string): Promise<AddressResponse> {
  return addressId ? call('updateAddress', { params: { id: addressId }, body: input }) : call('addAddress', { body: input });
}
