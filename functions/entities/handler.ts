import { IdPath } from '../../shared/contracts/common';
import { CreateEntityRequest, EntityAddressRequest, EntityIdPath, UpdateEntityRequest } from '../../shared/contracts/entities';
import { createGroupHandler, defineRoute } from '../lib/http';
import { requireSession } from '../lib/session';
import { createEntity } from './create-entity';
import { getEntity } from './get-entity';
import { listEntities } from './list-entities';
import { saveEntityAddress } from './save-entity-address';
import { updateEntity } from './update-entity';

export const handler = createGroupHandler('entities', {
  listEntities: defineRoute({
    handler: async ({ session }) => ({ body: await listEntities(requireSession(session).userId) }),
  }),
  createEntity: defineRoute({
    body: CreateEntityRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await createEntity(requireSession(session).userId, body) }),
  }),
  updateEntity: defineRoute({
    body: UpdateEntityRequest,
    handler: async ({ session, body }) => ({ body: await updateEntity(requireSession(session), body) }),
  }),
  addEntityAddress: defineRoute({
    body: EntityAddressRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await saveEntityAddress(requireSession(session), body) }),
  }),
  updateEntityAddress: defineRoute({
    path: IdPath,
    body: EntityAddressRequest,
    handler: async ({ session, path, body }) => ({ body: await saveEntityAddress(requireSession(session), body, path.id) }),
  }),
  getEntity: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getEntity(requireSession(session), path.entityId) }),
  }),
});
