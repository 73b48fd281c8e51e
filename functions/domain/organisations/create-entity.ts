import type { CreateEntityRequest, CreateEntityResponse } from '../../../shared/contracts/entities';
import { now } from '../../lib/clock';
import { batchPut, transactWrites } from '../../lib/db/table';
import { EntityType } from '../../../shared/enums';
import { newCanvasWrites } from '../canvas/create-canvas';
import { allocateEntityId, newEntityWithOwner, requireEntityTypeId } from '../../records/entities';

/**
 * Creates a family or an advisor company with the caller as its owner, in one
 * transaction (the same items signup writes; a family's canvas from the default template
 * in it too). A family's canvas name defaults to its name
 * plus ' Canvas'. Another type id → INVALID_ENTITY_TYPE (11). The session's current
 * entity stays; the browser switches with set-current-entity.
 */
export async function createEntity(userId: string, input: CreateEntityRequest): Promise<CreateEntityResponse> {
  const entityTypeId = requireEntityTypeId(input.entityTypeId, 'entityTypeId');
  const id = await allocateEntityId();
  const at = now().toISOString();
  const created = newEntityWithOwner({ id, entityTypeId, entityName: input.entityName, canvasName: input.canvasName, userId, at });
  // A family starts with its canvas, in the same transaction (docs/product/accounts.md#a-new-family-starts-on-its-canvas).
  const canvas = entityTypeId === EntityType.Family ? newCanvasWrites(id, created.entity, userId, at, created.writes.length) : null;
  await transactWrites([...created.writes, ...(canvas?.writes ?? [])]);
  if (canvas) await batchPut(canvas.rest);
  return { id };
}
