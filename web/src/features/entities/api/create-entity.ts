import { CreateEntityResponse, type CreateEntityRequest } from '../../../../../shared/contracts/entities';
import { call } from '../../../lib/api-client';

/**
 * POST /api/entities (docs/product/organisations-and-members.md#calls): a new family or advisor company with the
 * caller as its owner. The session's current entity stays: the caller switches after.
 */
export function createEntity(input: CreateEntityRequest): Promise<CreateEntityResponse> {
  return call('createEntity', { body: input });
}
