import { UpdateEntityResponse, type UpdateEntityRequest } from '../../../../../shared/contracts/entities';
import { apiClient } from '../../../lib/api-client';

/** PATCH /api/entities/update (spec 01 §7): the current entity's information; absent fields stay, null clears. */
export function updateEntity(input: UpdateEntityRequest): Promise<UpdateEntityResponse> {
  return apiClient.patch('/entities/update', input, { schema: UpdateEntityResponse });
}
