import { EntityAddressResponse, type EntityAddressRequest } from '../../../../../shared/contracts/entities';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/entities/address (no id: adds) and PATCH /api/entities/address/{id} (replaces)
 * (spec 01 §7): the current entity's shipping or billing address.
 */
export function saveEntityAddress(input: EntityAddressRequest, addressId?: string): Promise<EntityAddressResponse> {
  return addressId
    ? apiClient.patch(`/entities/address/${encodeURIComponent(addressId)}`, input, { schema: EntityAddressResponse })
    : apiClient.post('/entities/address', input, { schema: EntityAddressResponse });
}
