import type { CreateEntityRequest, CreateEntityResponse } from '../../../shared/contracts/entities';
import { now } from '../../lib/clock';
import { transactWrites } from '../../lib/db/table';
import { allocateEntityId, newEntityWithOwner, requireEntityTypeId } from './entities';

/**
 * Creates a family or an advisor company with the caller as its owner, in one
 * transaction (the same items signup writes). A family's canvas name defaults to its name
 * plus ' Canvas'. Another type id → INVALID_ENTITY_TYPE (11). The session's current
 * entity stays; the browser switches with set-current-entity.
 */
export async function createEntity(userId: string, input: CreateEntityRequest): Promise<CreateEntityResponse> {
  const entityTypeId = requireEntityTypeId(input.entityTypeId, 'entityTypeId');
  const id = await allocateEntityId();
  const at = now().toISOString();
  await transactWrites(newEntityWithOwner({ id, entityTypeId, entityName: input.entityName, canvasName: input.canvasName, userId, at }).writes);
  return { id };
}
