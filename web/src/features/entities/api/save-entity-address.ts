import { EntityAddressResponse, type EntityAddressRequest } from '../../../../../shared/contracts/entities';
import { call } from '../../../lib/api-client';

/**
 * POST /api/entities/address (no id: adds) and PATCH /api/entities/address/{id} (replaces)
 * (docs/product/organisations-and-members.md#calls): the current entity's shipping or billing address.
 */
export function saveEntityAddress(input: EntityAddressRequest, addressId?: string): Promise<EntityAddressResponse> {
  return addressId ? call('updateEntityAddress', { params: { id: addressId }, body: input }) : call('addEntityAddress', { body: input });
}
