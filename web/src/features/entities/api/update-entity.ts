import { UpdateEntityResponse, type UpdateEntityRequest } from '../../../../../shared/contracts/entities';
import { call } from '../../../lib/api-client';

/** PATCH /api/entities/update (docs/product/organisations-and-members.md#calls): the current entity's information; absent fields stay, null clears. */
export function updateEntity(input: UpdateEntityRequest): Promise<UpdateEntityResponse> {
  return call('updateEntity', { body: input });
}
