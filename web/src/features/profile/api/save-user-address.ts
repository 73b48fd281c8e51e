import { AddressResponse, type AddressRequest } from '../../../../../shared/contracts/user';
import { apiClient } from '../../../lib/api-client';

/** POST /api/user/address (no id: adds) and PATCH /api/user/address/{id} (replaces) (spec 01 §7 User). */
export function saveUserAddress(input: AddressRequest, addressId?: string): Promise<AddressResponse> {
  return addressId
    ? apiClient.patch(`/user/address/${encodeURIComponent(addressId)}`, input, { schema: AddressResponse })
    : apiClient.post('/user/address', input, { schema: AddressResponse });
}
